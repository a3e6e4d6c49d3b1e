/// The class of a road, from OpenStreetMap's `highway` values (plus ferries), as the
/// kernel keeps it per edge: for instructions ("keep left onto the motorway"), names of
/// unnamed connectors and statistics. The raw values are stable: they are saved in graph
/// files and returned by the C ABI (`gk_road_class`).
///
/// Thread safety: a value; `Sendable`.
/// \since 0.2
public enum RoadClass: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case motorway = 0, trunk, primary, secondary, tertiary
    case motorwayLink, trunkLink, primaryLink, secondaryLink, tertiaryLink
    case unclassified, residential, livingStreet, service, track, road
    case cycleway, path, footway, pedestrian, steps, bridleway
    case ferry
    case other

    /// True for `*_link` roads (slip roads and ramps).
    public var isLink: Bool {
        switch self {
        case .motorwayLink, .trunkLink, .primaryLink, .secondaryLink, .tertiaryLink: true
        default: false
        }
    }

    /// The OpenStreetMap `highway` value ("motorway_link", "living_street"; "ferry" for
    /// `route=ferry`, "other" for anything else).
    public var osmValue: String {
        switch self {
        case .motorway: "motorway"
        case .trunk: "trunk"
        case .primary: "primary"
        case .secondary: "secondary"
        case .tertiary: "tertiary"
        case .motorwayLink: "motorway_link"
        case .trunkLink: "trunk_link"
        case .primaryLink: "primary_link"
        case .secondaryLink: "secondary_link"
        case .tertiaryLink: "tertiary_link"
        case .unclassified: "unclassified"
        case .residential: "residential"
        case .livingStreet: "living_street"
        case .service: "service"
        case .track: "track"
        case .road: "road"
        case .cycleway: "cycleway"
        case .path: "path"
        case .footway: "footway"
        case .pedestrian: "pedestrian"
        case .steps: "steps"
        case .bridleway: "bridleway"
        case .ferry: "ferry"
        case .other: "other"
        }
    }

    /// The class for an OpenStreetMap `highway` value; nil for values that are not roads
    /// of any class listed here.
    public init?(osmValue: String) {
        guard let c = RoadClass.allCases.first(where: { $0.osmValue == osmValue }) else { return nil }
        self = c
    }

    public var description: String { osmValue }
}

/// A road network as plain values: what the kernel needs to build a `RoadGraph`, with no
/// file format in sight. The OpenStreetMap reader (module `OpenStreetMap`) produces one
/// from a profile and a `.osm.pbf` / `.osm` file; tests and the demo write them by hand.
///
/// Nodes are junctions and dead ends (every place where a route may turn); an edge is a
/// stretch of one road between two nodes, with its full geometry. Turns are priced and
/// restricted by `turnCosts` and `restrictions`: the kernel routes on the turns between
/// arcs (an edge-based graph), not on the nodes.
///
/// Units: degrees, metres, metres per second. Thread safety: a value; `Sendable`.
/// C twin: none (built inside `gk_road_graph_build_osm`).
/// \since 0.2
public struct RoadNetwork: Sendable, Hashable {
    /// How an edge may be travelled in one direction.
    public struct Travel: Sendable, Hashable {
        /// Speed in metres per second (> 0, finite).
        public var speedMetersPerSecond: Double
        /// True when the road may be used only to reach or leave a destination on it
        /// (`access=destination`): a route may use it at its start or end, not pass
        /// through it.
        public var destinationOnly: Bool

        public init(speedMetersPerSecond: Double, destinationOnly: Bool = false) {
            self.speedMetersPerSecond = speedMetersPerSecond
            self.destinationOnly = destinationOnly
        }
    }

    /// What the signs and markings of a road say, for directions ("Take exit 12 towards
    /// Lyon") and lane guidance; every field "" when not tagged. OpenStreetMap's tags, as
    /// tagged (`;`-separated lists stay as they are).
    ///
    /// Thread safety: a value; `Sendable`.
    /// \since 0.5
    public struct Signs: Sendable, Hashable {
        /// Where the road leads, travelling it forward (`destination`), e.g. "Lyon;Grenoble".
        public var destination: String
        /// The road numbers it leads to (`destination:ref`), e.g. "A 43".
        public var destinationRef: String
        /// The exit number of the motorway junction at the edge's `from` node
        /// (`highway=motorway_junction` + `ref`), for a slip road leaving there.
        public var junctionRef: String
        /// The lanes' turn markings travelling forward / backward (`turn:lanes`, one
        /// `|`-separated entry per lane from the left, e.g. "left|through;right").
        public var turnLanesForward: String, turnLanesBackward: String

        public init(
            destination: String = "", destinationRef: String = "", junctionRef: String = "", turnLanesForward: String = "",
            turnLanesBackward: String = ""
        ) {
            self.destination = destination
            self.destinationRef = destinationRef
            self.junctionRef = junctionRef
            self.turnLanesForward = turnLanesForward
            self.turnLanesBackward = turnLanesBackward
        }

        /// The fields in the order the graph stores them.
        var fields: [String] { [destination, destinationRef, junctionRef, turnLanesForward, turnLanesBackward] }
        static let fieldCount = 5
    }

    /// One stretch of road between two nodes.
    public struct Edge: Sendable, Hashable {
        /// Index of the node where the geometry starts.
        public var from: Int
        /// Index of the node where the geometry ends (may equal `from` for a loop).
        public var to: Int
        /// The polyline from `nodes[from]` to `nodes[to]`, both included (≥ 2 vertices;
        /// its first and last vertices equal the nodes' coordinates).
        public var geometry: [Coordinate]
        /// Travel from `from` to `to`; nil when not allowed (one-way, access).
        public var forward: Travel?
        /// Travel from `to` to `from`; nil when not allowed.
        public var backward: Travel?
        /// The street name ("" when unnamed).
        public var name: String
        /// The road number, e.g. "CG-2" ("" when none).
        public var ref: String
        /// The class of road.
        public var roadClass: RoadClass
        /// True when the edge is part of a roundabout (`junction=roundabout`/`circular`).
        public var isRoundabout: Bool
        /// The OpenStreetMap way the edge comes from (0 when not from OSM); kept for
        /// messages and debugging.
        public var wayID: Int64
        /// Destinations, exit number and lane markings.
        public var signs: Signs

        public init(
            from: Int, to: Int, geometry: [Coordinate], forward: Travel?, backward: Travel?,
            name: String = "", ref: String = "", roadClass: RoadClass = .other, isRoundabout: Bool = false,
            wayID: Int64 = 0, signs: Signs = Signs()
        ) {
            self.from = from
            self.to = to
            self.geometry = geometry
            self.forward = forward
            self.backward = backward
            self.name = name
            self.ref = ref
            self.roadClass = roadClass
            self.isRoundabout = isRoundabout
            self.wayID = wayID
            self.signs = signs
        }
    }

    /// Node positions (degrees).
    public var nodes: [Coordinate]
    /// The edges.
    public var edges: [Edge]
    /// Turn restrictions (no or only, via a node or via ways).
    public var restrictions: [TurnRestriction]
    /// What turns cost and where U-turns are allowed; `.free` (every turn free, U-turns
    /// anywhere) unless a profile says otherwise.
    public var turnCosts: TurnCosts

    public init(
        nodes: [Coordinate] = [], edges: [Edge] = [], restrictions: [TurnRestriction] = [],
        turnCosts: TurnCosts = .free
    ) {
        self.nodes = nodes
        self.edges = edges
        self.restrictions = restrictions
        self.turnCosts = turnCosts
    }
}
