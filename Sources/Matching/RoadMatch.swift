import GeoKernel

/// A trace matched onto the road graph (`RoadMatcher.match`): per fix where it lies on
/// the roads (or that it could not be placed), and the pieces of road travelled — one per
/// stretch the matcher could follow without a break.
///
/// Units: metres, seconds, degrees. Thread safety: a value; `Sendable`. C twin: `gk_match`
/// (`gk_match_fixes`, `gk_match_piece`, `gk_match_piece_geometry`, `gk_match_road`).
/// \since 0.7
public struct RoadMatch: Sendable {
    /// Where one fix lies on the network.
    public struct MatchedFix: Sendable, Hashable {
        /// The fix's position in the input.
        public let index: Int
        /// Where the fix was (degrees).
        public let coordinate: Coordinate
        /// The matched position (edge, offset along it, the point), nil when unmatched: no
        /// road within the candidate radius, or none a plausible route reaches.
        public let snap: RoadSnap?
        /// The piece it belongs to (`pieces`), nil when unmatched.
        public let piece: Int?
    }

    /// A stretch of road, named, between two changes of name or class along a piece.
    public struct Road: Sendable, Hashable {
        /// The road's name ("" when it has none).
        public let name: String
        /// Its reference ("A 2"; "" when none).
        public let ref: String
        /// Its class (motorway, residential, …).
        public let roadClass: RoadClass
        /// The metres travelled on it.
        public let lengthMeters: Double
        /// The seconds it takes at the graph's speeds (turn costs included).
        public let durationSeconds: Double
        /// The edges travelled, in order (consecutive duplicates merged).
        public let edges: [Int]
    }

    /// A stretch of the trace matched without a break.
    public struct Piece: Sendable, Hashable {
        /// The input fixes it spans (first to last matched fix, unmatched ones between included).
        public let fixes: ClosedRange<Int>
        /// The matched route's geometry, from the first matched point to the last.
        public let geometry: [Coordinate]
        /// Its length in metres.
        public let lengthMeters: Double
        /// Its duration at the graph's speeds, seconds.
        public let durationSeconds: Double
        /// The roads travelled, in order.
        public let roads: [Road]
        /// The edges travelled, in order, as route pieces (partial edges where the route
        /// starts, ends or passes a matched point; `geometryRange` indexes `geometry`).
        public let legs: [RoadPath.Piece]
        /// How sure the matcher is, in [0, 1]: the mean over the piece's weighed fixes of
        /// the chosen candidate's share of the probability among that fix's candidates
        /// (normalised Viterbi scores); 1 when every fix had one plausible road.
        public let confidence: Double
    }

    /// One entry per input fix, in input order.
    public let fixes: [MatchedFix]
    /// The pieces, in trace order.
    public let pieces: [Piece]

    /// Fixes with a matched position.
    public var matchedCount: Int { fixes.reduce(0) { $0 + ($1.snap == nil ? 0 : 1) } }
    /// The matched length of all pieces, metres.
    public var lengthMeters: Double { pieces.reduce(0) { $0 + $1.lengthMeters } }
}
