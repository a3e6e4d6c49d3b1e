#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a turn at a junction costs and which turns back are allowed: the turn model a
/// `RoadGraph` prices into every route (an edge-based graph, see `RoadGraph`).
///
/// A turn from one road onto another at a junction where three or more roads meet costs
/// `turnSeconds(angle:)` in the `.fastest` metric: nothing for straight on, rising along a
/// logistic curve to at most `sharpTurnSeconds` for the sharpest turn; turns across the
/// oncoming traffic (left where traffic keeps right) rise earlier than turns on the near
/// side. A bend where only two roads meet costs nothing. A U-turn — back along the edge just
/// travelled, or a turn of `uTurnDegrees` or more back onto the same road (same name or
/// number: the other carriageway of a divided road) — is allowed at a dead end (no other
/// way on) or everywhere when `uTurns` is `.anywhere`, and costs `uTurnSeconds` on top of
/// the sharpest turn; a turn that sharp onto another road is a hairpin, priced as the
/// sharpest turn. The `.shortest`
/// metric prices no turn, but obeys the same rules for which turns are allowed.
///
/// Angles come from the road geometry: the heading of the last `headingMeters` before
/// the junction against the heading of the first `headingMeters` after it (spherical
/// initial bearings, degrees clockwise from north).
///
/// Units: seconds, degrees, metres. Thread safety: a value; `Sendable`.
/// C twin: none (the profile of `gk_road_graph_build_osm` chooses it; see the profile
/// table in the README).
/// \since 0.5
public struct TurnCosts: Sendable, Hashable {
    /// Where a route may turn back along the road it came by.
    public enum UTurns: Sendable, Hashable {
        /// Only where there is no other way on (a dead end, or a junction whose other
        /// roads cannot be entered): a driver cannot turn a car round in a junction.
        case deadEndsOnly
        /// At every junction (walking).
        case anywhere
    }

    /// The side of the road traffic keeps to; turns across the oncoming traffic cost more.
    public enum DrivingSide: Sendable, Hashable {
        case right, left
    }

    /// Where U-turns are allowed.
    public var uTurns: UTurns
    /// Added to a U-turn, seconds (≥ 0, finite).
    public var uTurnSeconds: Double
    /// The most a turn costs (a hairpin), seconds (≥ 0, finite); 0 prices no turn.
    public var sharpTurnSeconds: Double
    /// The side traffic keeps to.
    public var drivingSide: DrivingSide
    /// How far from the junction the headings of the two roads are measured, metres (> 0).
    public var headingMeters: Double

    public init(
        uTurns: UTurns, uTurnSeconds: Double = 0, sharpTurnSeconds: Double = 0, drivingSide: DrivingSide = .right,
        headingMeters: Double = 15
    ) {
        self.uTurns = uTurns
        self.uTurnSeconds = uTurnSeconds
        self.sharpTurnSeconds = sharpTurnSeconds
        self.drivingSide = drivingSide
        self.headingMeters = headingMeters
    }

    /// Every turn free, U-turns anywhere: a graph that prices no turn (walking, tests).
    public static let free = TurnCosts(uTurns: .anywhere)

    /// Driving: U-turns only at dead ends (20 s), turns up to 7.5 s, traffic on the right.
    /// The figures are those OSRM's and Valhalla's car costing use.
    public static let driving = TurnCosts(uTurns: .deadEndsOnly, uTurnSeconds: 20, sharpTurnSeconds: 7.5)

    /// Cycling: U-turns at dead ends (5 s), turns up to 4 s (slowing down, looking back).
    public static let cycling = TurnCosts(uTurns: .deadEndsOnly, uTurnSeconds: 5, sharpTurnSeconds: 4)

    /// The centre (degrees of turn where half of `sharpTurnSeconds` is reached) and the
    /// width (degrees per unit of the logistic's argument) of the curve, for turns on the
    /// near side and across the traffic.
    static let nearSideCentre = 105.0, farSideCentre = 75.0, curveWidth = 14.0

    /// A turn back onto the same road by this many degrees or more is a U-turn.
    public static let uTurnDegrees = 170.0

    /// The cost in seconds of a turn by `angle` degrees at a junction of three or more
    /// roads: positive angles turn right, negative left, ±180 turn back (the U-turn
    /// surcharge is not included). `sharpTurnSeconds / (1 + exp(-(|angle| - c) / 14))`
    /// with c = 105° on the near side (right where traffic keeps right) and 75° across
    /// the traffic, less the value at 0° so that straight on is free; 0 when
    /// `sharpTurnSeconds` is 0.
    ///
    /// - Complexity: O(1). Thread safety: pure.
    public func turnSeconds(angle: Double) -> Double {
        guard sharpTurnSeconds > 0, angle.isFinite else { return 0 }
        let right = angle >= 0
        let nearSide = right == (drivingSide == .right)
        let c = nearSide ? Self.nearSideCentre : Self.farSideCentre
        func curve(_ x: Double) -> Double { 1 / (1 + exp(-(x - c) / Self.curveWidth)) }
        let x = min(abs(angle), 180)
        return sharpTurnSeconds * max(0, curve(x) - curve(0)) / (curve(180) - curve(0))
    }

    /// Checks the fields (finite, in range).
    func validate() throws(GeoKernelError) {
        guard uTurnSeconds.isFinite, uTurnSeconds >= 0, uTurnSeconds < 86_400 else {
            throw .invalid("U-turn cost \(uTurnSeconds) s must be finite, ≥ 0 and under a day")
        }
        guard sharpTurnSeconds.isFinite, sharpTurnSeconds >= 0, sharpTurnSeconds < 86_400 else {
            throw .invalid("turn cost \(sharpTurnSeconds) s must be finite, ≥ 0 and under a day")
        }
        guard headingMeters.isFinite, headingMeters > 0 else {
            throw .invalid("heading distance \(headingMeters) m must be finite and > 0")
        }
    }
}

extension RoadNetwork {
    /// A directed use of an edge: `forward` travels it from its `from` node to its `to` node.
    ///
    /// Thread safety: a value; `Sendable`.
    /// \since 0.5
    public struct Arc: Sendable, Hashable {
        /// The edge index.
        public var edge: Int
        /// True for `from` → `to`.
        public var forward: Bool

        public init(edge: Int, forward: Bool) {
            self.edge = edge
            self.forward = forward
        }
    }

    /// A turn restriction on a sequence of arcs: the *from* arc, the arcs of the *via*
    /// way(s) (none for a restriction via a node), then the *to* arc; each arc ends where
    /// the next begins.
    ///
    /// `.no` forbids driving the whole sequence (after the from arc and the via arcs, the
    /// to arc may not be taken; leaving the via way elsewhere stays allowed). `.only`
    /// makes it mandatory once the from arc is followed by the first via arc (or, via a
    /// node, at the junction): every other way on is forbidden, U-turns included.
    ///
    /// Thread safety: a value; `Sendable`.
    /// \since 0.5
    public struct TurnRestriction: Sendable, Hashable {
        /// `no_*` or `only_*`.
        public enum Kind: Sendable, Hashable {
            case no
            case only
        }

        /// The arcs, from arc first, to arc last (≥ 2).
        public var arcs: [Arc]
        /// Forbidden or mandatory.
        public var kind: Kind
        /// Where it came from (an OSM relation id), for messages; 0 when none.
        public var sourceID: Int64

        public init(arcs: [Arc], kind: Kind, sourceID: Int64 = 0) {
            self.arcs = arcs
            self.kind = kind
            self.sourceID = sourceID
        }
    }
}
