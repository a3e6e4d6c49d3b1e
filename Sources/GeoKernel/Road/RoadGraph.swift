/// The metric a route minimises.
///
/// Costs are integers inside the graph so that contraction hierarchies and Dijkstra agree
/// exactly: centimetres for `.shortest`, milliseconds for `.fastest`; public costs are
/// reported in metres and seconds.
///
/// Thread safety: a value; `Sendable`. C twin: `GK_METRIC_FASTEST`, `GK_METRIC_SHORTEST`.
/// \since 0.2
public enum RoadMetric: UInt8, Sendable, Hashable, CaseIterable {
    /// Length in metres (haversine along the edge geometry, sphere of mean radius).
    case shortest = 0
    /// Travel time in seconds (length divided by the edge's speed).
    case fastest = 1

    /// The public unit per internal unit: 0.01 m per centimetre, 0.001 s per millisecond.
    @inlinable
    public var unitsPerWeight: Double { self == .shortest ? 0.01 : 0.001 }
}

/// How a route is searched. Both give the same costs (tests check it); the hierarchy is
/// 100–1000× faster, Dijkstra is the baseline and works without contraction.
///
/// Thread safety: a value; `Sendable`. C twin: none.
/// \since 0.2
public enum RoutingAlgorithm: Sendable, Hashable {
    /// Bidirectional upward search in the metric's contraction hierarchy (Geisberger et
    /// al. 2008) with stall-on-demand; requires the hierarchy to have been built.
    case contractionHierarchy
    /// Bidirectional Dijkstra over the turn graph (every turn, with its cost).
    case dijkstra
}

/// A compact, immutable road graph built from a `RoadNetwork`: flat arrays (CSR
/// adjacency, one shared geometry array in 1e-7 degrees, a deduplicated string table),
/// two integer metrics, the turns between arcs with their costs and restrictions (routes
/// are searched edge-based: on arcs and the turns between them, so a route prices what a
/// driver does at each junction), a contraction hierarchy per metric over the turns, a
/// uniform grid for snapping.
///
/// Every part of the network that can reach the largest strongly connected component or
/// be reached from it is kept (a one-way old town that can be left but not entered
/// included); islands connected to it in neither direction are dropped. Nodes and edges
/// are renumbered (`report` says how many were dropped). Edge `e` runs from
/// `edgeEndpoints(e).from` to `.to` along `edgeGeometry(e)`; `snap(_:maxDistanceMeters:role:)`
/// picks an edge from which (or to which) a route can go on.
///
/// Units: metres, seconds, degrees. Earth model: sphere of mean radius 6 371 008.8 m
/// (haversine lengths). Thread safety: an immutable value, `Sendable`; queries may run
/// concurrently, one `Workspace` per thread. C twin: `gk_road_graph`.
/// \since 0.2
public struct RoadGraph: Sendable {
    package let storage: RoadGraphStorage

    package init(storage: RoadGraphStorage) { self.storage = storage }

    /// What the builder kept and dropped.
    ///
    /// Thread safety: a value; `Sendable`. C twin: `gk_road_graph_info`.
    public struct BuildReport: Sendable, Hashable {
        /// Nodes kept (connected to the largest strongly connected component in at least
        /// one direction).
        public var nodeCount: Int
        /// Edges kept.
        public var edgeCount: Int
        /// Input nodes dropped (islands: no route to or from the largest strongly
        /// connected component).
        public var droppedNodes: Int
        /// Input edges dropped (an end dropped, or no traversable direction).
        public var droppedEdges: Int
        /// Shortcuts added by contraction, per metric (`RoadMetric.rawValue`); 0 when not contracted.
        public var shortcuts: [Int]
        /// States of the turn graph (one per allowed arc, more for destination-only arcs
        /// and restrictions via ways) and the turns between them.
        public var turnStates: Int = 0, turns: Int = 0
        /// Turn restrictions of the network applied, and skipped (an arc dropped with an
        /// island, a sequence no route can drive, or the duplication budget spent).
        public var restrictionsApplied: Int = 0, restrictionsSkipped: Int = 0
    }

    /// How to build a graph.
    ///
    /// Thread safety: a value; `Sendable`. C twin: none.
    public struct Options: Sendable, Hashable {
        /// The metrics to contract; the default is both. An empty set builds no hierarchy
        /// (routing then needs `.dijkstra`), for tests and baselines.
        public var contractedMetrics: Set<RoadMetric>
        /// The largest tolerated distance in metres between an edge geometry's end vertices
        /// and its nodes' coordinates; the ends are then moved onto the nodes. Default 1 m.
        public var endpointToleranceMeters: Double

        public init(contractedMetrics: Set<RoadMetric> = [.shortest, .fastest], endpointToleranceMeters: Double = 1) {
            self.contractedMetrics = contractedMetrics
            self.endpointToleranceMeters = endpointToleranceMeters
        }
    }

    /// What the builder kept and dropped. C twin: `gk_road_graph_info`.
    public var report: BuildReport { storage.report }

    /// Number of nodes. Complexity: O(1). C twin: `gk_road_graph_info`.
    public var nodeCount: Int { storage.nodeCount }

    /// Number of edges. Complexity: O(1). C twin: `gk_road_graph_info`.
    public var edgeCount: Int { storage.edgeCount }

    /// True when `metric` has a contraction hierarchy. C twin: none.
    public func isContracted(_ metric: RoadMetric) -> Bool { storage.hierarchy(metric) != nil }
}

/// The arrays behind a `RoadGraph`. Arc `a = 2·e + d` is edge `e` travelled forward
/// (`d == 0`, from → to) or backward (`d == 1`). Flags per edge: bit 0/1 forward/backward
/// allowed, bit 2/3 forward/backward destination-only, bit 4 roundabout, bit 5 a route
/// can start on it and reach the largest strongly connected component, bit 6 a route can
/// end on it coming from that component.
package final class RoadGraphStorage: Sendable {
    package let nodeCount: Int
    package let edgeCount: Int
    /// Per node: latitude, longitude in 1e-7 degrees.
    package let nodeCoord: Column<Int32>
    /// Per edge: from, to.
    package let edgeEnds: Column<UInt32>
    /// Per edge: haversine length in metres along the (quantised) geometry.
    package let edgeLength: Column<Double>
    /// Per edge: length in centimetres (≥ 1).
    package let edgeDist: Column<UInt32>
    /// Per arc: travel time in milliseconds (≥ 1), 0 when not allowed.
    package let arcTime: Column<UInt32>
    /// Per arc: speed in metres per second, 0 when not allowed.
    package let arcSpeed: Column<Float>
    package let edgeFlags: Column<UInt8>
    package let edgeClass: Column<UInt8>
    package let edgeName: Column<UInt32>
    package let edgeRef: Column<UInt32>
    package let edgeWay: Column<Int64>
    /// Per edge: `RoadNetwork.Signs.fieldCount` string ids (destination, destination ref,
    /// junction ref, turn lanes forward, backward).
    package let edgeSigns: Column<UInt32>
    /// Per edge + 1: first vertex in `geom`.
    package let geomFirst: Column<UInt32>
    /// Vertices: latitude, longitude in 1e-7 degrees.
    package let geom: Column<Int32>
    /// String table: offsets (count + 1) into UTF-8 bytes; string 0 is "".
    package let stringFirst: Column<UInt32>
    package let stringBytes: Column<UInt8>
    /// Per node + 1: first entry in `incArc`; entries are the arcs leaving the node in
    /// either direction of each incident edge (allowed or not).
    package let incFirst: Column<UInt32>
    package let incArc: Column<UInt32>
    package let grid: SnapGrid
    /// The states and turns routes are searched on.
    package let turns: TurnGraph
    /// Per metric (index `rawValue`): the hierarchy, if built.
    package let hierarchies: [ContractionHierarchy?]
    package let report: RoadGraph.BuildReport

    package init(
        nodeCoord: Column<Int32>, edgeEnds: Column<UInt32>, edgeLength: Column<Double>, edgeDist: Column<UInt32>,
        arcTime: Column<UInt32>, arcSpeed: Column<Float>, edgeFlags: Column<UInt8>, edgeClass: Column<UInt8>,
        edgeName: Column<UInt32>, edgeRef: Column<UInt32>, edgeWay: Column<Int64>, edgeSigns: Column<UInt32>,
        geomFirst: Column<UInt32>, geom: Column<Int32>, stringFirst: Column<UInt32>, stringBytes: Column<UInt8>,
        incFirst: Column<UInt32>, incArc: Column<UInt32>, grid: SnapGrid, turns: TurnGraph, hierarchies: [ContractionHierarchy?],
        report: RoadGraph.BuildReport
    ) {
        nodeCount = nodeCoord.count / 2
        edgeCount = edgeEnds.count / 2
        self.nodeCoord = nodeCoord; self.edgeEnds = edgeEnds; self.edgeLength = edgeLength
        self.edgeDist = edgeDist; self.arcTime = arcTime; self.arcSpeed = arcSpeed; self.edgeFlags = edgeFlags
        self.edgeClass = edgeClass; self.edgeName = edgeName; self.edgeRef = edgeRef; self.edgeWay = edgeWay
        self.edgeSigns = edgeSigns
        self.geomFirst = geomFirst; self.geom = geom; self.stringFirst = stringFirst
        self.stringBytes = stringBytes; self.incFirst = incFirst; self.incArc = incArc; self.grid = grid
        self.turns = turns; self.hierarchies = hierarchies; self.report = report
    }

    /// Metres along edge `e` from its first vertex to each of its vertices (haversine sums,
    /// as `edgeLength`): element `k` is vertex `geomFirst[e] + k`'s. O(vertices of the edge).
    package func vertexOffsets(edge e: Int) -> [Double] {
        let lo = Int(geomFirst[e]), hi = Int(geomFirst[e + 1])
        var out = [Double](repeating: 0, count: hi - lo)
        var sum = 0.0
        for v in lo..<max(lo, hi - 1) {
            sum += segmentLength(v)
            out[v + 1 - lo] = sum
        }
        return out
    }

    /// Metres along edge `e` from its first vertex to its vertex `v` (the same sums as
    /// `vertexOffsets`). O(v − first vertex).
    package func vertexOffset(_ v: Int, edge e: Int) -> Double {
        var sum = 0.0
        for u in Int(geomFirst[e])..<v { sum += segmentLength(u) }
        return sum
    }

    /// Metres from vertex `v` to vertex `v + 1` (haversine, sphere of mean radius).
    @inline(__always) private func segmentLength(_ v: Int) -> Double {
        haversineCentralAngle(
            latitude1: Double(geom[2 * v]) * 1e-7, longitude1: Double(geom[2 * v + 1]) * 1e-7,
            latitude2: Double(geom[2 * v + 2]) * 1e-7, longitude2: Double(geom[2 * v + 3]) * 1e-7)
            * EarthModel.meanRadiusMeters
    }

    @inline(__always) package func hierarchy(_ m: RoadMetric) -> ContractionHierarchy? { hierarchies[Int(m.rawValue)] }

    /// Tail node of arc `a` (`edgeEnds` holds from, to per edge, so arc `a` starts at entry `a`).
    @inline(__always) package func tail(_ a: UInt32) -> UInt32 { edgeEnds[Int(a)] }
    /// Head node of arc `a`.
    @inline(__always) package func head(_ a: UInt32) -> UInt32 { edgeEnds[Int(a ^ 1)] }
    @inline(__always) package func allowed(_ a: UInt32) -> Bool { edgeFlags[Int(a >> 1)] >> (a & 1) & 1 != 0 }
    @inline(__always) package func destinationOnly(_ a: UInt32) -> Bool {
        edgeFlags[Int(a >> 1)] >> (2 + (a & 1)) & 1 != 0
    }
    /// Allowed and not destination-only: usable in the middle of a route.
    @inline(__always) package func through(_ a: UInt32) -> Bool {
        let f = edgeFlags[Int(a >> 1)] >> (a & 1)
        return f & 1 != 0 && f & 4 == 0
    }
    /// The integer weight of arc `a` (centimetres or milliseconds).
    @inline(__always) package func weight(_ a: UInt32, _ m: RoadMetric) -> UInt32 {
        m == .shortest ? edgeDist[Int(a >> 1)] : arcTime[Int(a)]
    }

    @inline(__always) package func coordinate(vertex v: Int) -> Coordinate {
        Self.coordinate(geom[2 * v], geom[2 * v + 1])
    }

    /// A vertex from its stored fixed-point latitude and longitude (units of 1e-7 degree).
    @inline(__always) static func coordinate(_ lat: Int32, _ lon: Int32) -> Coordinate {
        Coordinate(uncheckedLatitude: Double(lat) * 1e-7, longitude: Double(lon) * 1e-7)
    }

    package func string(_ i: UInt32) -> String {
        StringTable.string(i, first: stringFirst, bytes: stringBytes)
    }
}
