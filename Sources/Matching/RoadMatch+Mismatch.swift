import GeoKernel

extension RoadMatch {
    /// How a match differs from the route actually travelled, edge by edge (Newson & Krumm
    /// 2009, "route mismatch fraction"): the metres of each edge the match travelled more
    /// than the truth (added) or less (missed), whatever the direction.
    ///
    /// Units: metres. Thread safety: a value; `Sendable`. C twin: none.
    /// \since 0.9
    public struct Mismatch: Sendable, Hashable {
        /// One edge where the two differ.
        public struct Edge: Sendable, Hashable {
            /// The edge (`RoadGraph` edge index).
            public let edge: Int
            /// Metres the match travelled on it beyond the truth's (0 or more).
            public let addedMeters: Double
            /// Metres of the truth on it that the match did not travel (0 or more).
            public let missedMeters: Double
        }

        /// The edges where the match and the truth differ, in increasing edge order.
        public let edges: [Edge]
        /// The true route's length, metres.
        public let truthMeters: Double

        /// Metres added in all.
        public var addedMeters: Double { edges.reduce(0) { $0 + $1.addedMeters } }
        /// Metres missed in all.
        public var missedMeters: Double { edges.reduce(0) { $0 + $1.missedMeters } }
        /// (added + missed) / the true length (1 m at least): 0 for a perfect match.
        public var fraction: Double { (addedMeters + missedMeters) / max(truthMeters, 1) }
    }

    /// This match against the route actually travelled: per edge, the metres of the
    /// match's legs (every piece) beside the truth's pieces.
    ///
    /// - Parameter truth: the route the trace was recorded on (e.g. a `SimulatedRoutes`
    ///   route), on the same graph as the match.
    /// - Complexity: O(legs + pieces). Thread safety: pure.
    public func mismatch(against truth: RoadPath) -> Mismatch {
        var along: [Int: Double] = [:], matched: [Int: Double] = [:]
        for piece in truth.pieces { along[piece.edge, default: 0] += piece.lengthMeters }
        for piece in pieces { for leg in piece.legs { matched[leg.edge, default: 0] += leg.lengthMeters } }
        var edges: [Mismatch.Edge] = []
        for e in Set(along.keys).union(matched.keys).sorted() {
            let difference = matched[e, default: 0] - along[e, default: 0]
            if difference == 0 { continue }
            edges.append(Mismatch.Edge(edge: e, addedMeters: max(0, difference), missedMeters: max(0, -difference)))
        }
        return Mismatch(edges: edges, truthMeters: truth.lengthMeters)
    }
}
