// Accessors the turn-by-turn layer reads. Indices are preconditions, as for Array
// subscripts (an index out of range traps); the C ABI checks the indices it takes and returns
// GK_ERR_INVALID_ARGUMENT instead. All are O(1) unless stated, pure and thread-safe.

extension RoadGraph {
    /// One edge at a node, seen from the node.
    ///
    /// Thread safety: a value; `Sendable`. C twin: none.
    public struct Incidence: Sendable, Hashable {
        /// The edge.
        public var edge: Int
        /// True when leaving the node along this edge runs forward (from → to): the node
        /// is the edge's `from`. A loop appears twice, once each way.
        public var leavesForward: Bool
        /// True when the edge may be travelled away from the node.
        public var canLeave: Bool
        /// True when the edge may be travelled towards the node.
        public var canArrive: Bool
    }

    /// The coordinate of a node (degrees, stored to 1e-7°). C twin: none.
    public func nodeCoordinate(_ node: Int) -> Coordinate {
        let c = storage.nodeCoord
        return Coordinate(uncheckedLatitude: Double(c[2 * node]) * 1e-7, longitude: Double(c[2 * node + 1]) * 1e-7)
    }

    /// The edges at a node, each with the direction of leaving the node along it.
    ///
    /// - Complexity: O(degree). C twin: none.
    public func edges(at node: Int) -> [Incidence] {
        let s = storage
        return (Int(s.incFirst[node])..<Int(s.incFirst[node + 1])).map { i in
            let a = s.incArc[i]
            return Incidence(edge: Int(a >> 1), leavesForward: a & 1 == 0, canLeave: s.allowed(a), canArrive: s.allowed(a ^ 1))
        }
    }

    /// Calls `body` with each edge at a node, as `edges(at:)` lists them, without
    /// allocating. Complexity: O(degree).
    @inline(__always)
    package func forEachIncidence(at node: Int, _ body: (Incidence) -> Void) {
        let s = storage
        for i in Int(s.incFirst[node])..<Int(s.incFirst[node + 1]) {
            let a = s.incArc[i]
            body(Incidence(edge: Int(a >> 1), leavesForward: a & 1 == 0, canLeave: s.allowed(a), canArrive: s.allowed(a ^ 1)))
        }
    }

    /// The nodes an edge runs between. C twin: none.
    public func edgeEndpoints(_ edge: Int) -> (from: Int, to: Int) {
        (Int(storage.edgeEnds[2 * edge]), Int(storage.edgeEnds[2 * edge + 1]))
    }

    /// The edge's polyline from its `from` node to its `to` node (degrees, ≥ 2 vertices).
    ///
    /// - Complexity: O(vertices). C twin: none.
    public func edgeGeometry(_ edge: Int) -> [Coordinate] {
        (Int(storage.geomFirst[edge])..<Int(storage.geomFirst[edge + 1])).map { storage.coordinate(vertex: $0) }
    }

    /// The number of vertices of an edge's geometry (≥ 2). Complexity: O(1).
    /// C twin: none.
    public func edgeVertexCount(_ edge: Int) -> Int {
        Int(storage.geomFirst[edge + 1]) - Int(storage.geomFirst[edge])
    }

    /// Vertex `k` of an edge's geometry, in from → to order (degrees, 1e-7° steps).
    /// Complexity: O(1), no allocation. C twin: none.
    public func edgeVertex(_ edge: Int, _ k: Int) -> Coordinate {
        storage.coordinate(vertex: Int(storage.geomFirst[edge]) + k)
    }

    /// The ids of an edge's name and ref in the graph's string table: equal ids are equal
    /// strings (the table is deduplicated); 0 is "" when the table has it first.
    /// For callers that compare names along a path without making Strings.
    package func edgeNameID(_ edge: Int) -> UInt32 { storage.edgeName[edge] }
    package func edgeRefID(_ edge: Int) -> UInt32 { storage.edgeRef[edge] }
    /// The string with table id `id`, and whether it is empty (no String made).
    package func string(id: UInt32) -> String { storage.string(id) }
    package func isEmptyString(id: UInt32) -> Bool {
        storage.stringFirst[Int(id)] == storage.stringFirst[Int(id) + 1]
    }

    /// The street name ("" when unnamed). C twin: none.
    public func edgeName(_ edge: Int) -> String { storage.string(storage.edgeName[edge]) }

    /// The road number ("" when none). C twin: none.
    public func edgeRef(_ edge: Int) -> String { storage.string(storage.edgeRef[edge]) }

    /// The destinations, exit number and lane markings of an edge. Precondition: edge in
    /// range. Complexity: O(length of the strings). C twin: none (the steps carry them).
    public func edgeSigns(_ edge: Int) -> RoadNetwork.Signs {
        let k = RoadNetwork.Signs.fieldCount * edge
        let f = { (i: Int) in self.storage.string(self.storage.edgeSigns[k + i]) }
        return RoadNetwork.Signs(destination: f(0), destinationRef: f(1), junctionRef: f(2), turnLanesForward: f(3), turnLanesBackward: f(4))
    }

    /// The string id of sign field `field` of an edge ("" is id 0).
    package func edgeSignID(_ edge: Int, _ field: Int) -> UInt32 { storage.edgeSigns[RoadNetwork.Signs.fieldCount * edge + field] }

    /// The class of road. C twin: none.
    public func edgeClass(_ edge: Int) -> RoadClass { RoadClass(rawValue: storage.edgeClass[edge]) ?? .other }

    /// True when the edge is part of a roundabout. C twin: none.
    public func edgeIsRoundabout(_ edge: Int) -> Bool { storage.edgeFlags[edge] & 16 != 0 }

    /// The OpenStreetMap way the edge comes from (0 when none). C twin: none.
    public func edgeWayID(_ edge: Int) -> Int64 { storage.edgeWay[edge] }

    /// The edge's length in metres: haversine along its geometry (sphere, mean radius).
    /// C twin: none.
    public func edgeLengthMeters(_ edge: Int) -> Double { storage.edgeLength[edge] }

    /// How the edge may be travelled forward (from → to) or backward; nil when not
    /// allowed. The speed (metres per second) is the input's, rounded to single precision.
    /// C twin: none.
    public func edgeTravel(_ edge: Int, forward: Bool) -> RoadNetwork.Travel? {
        let a = UInt32(2 * edge + (forward ? 0 : 1))
        guard storage.allowed(a) else { return nil }
        return RoadNetwork.Travel(
            speedMetersPerSecond: Double(storage.arcSpeed[Int(a)]), destinationOnly: storage.destinationOnly(a))
    }

    /// The travel time in seconds of a whole edge in one direction (the integer
    /// millisecond weight the router uses); nil when not allowed.
    /// C twin: none.
    public func edgeDurationSeconds(_ edge: Int, forward: Bool) -> Double? {
        let a = UInt32(2 * edge + (forward ? 0 : 1))
        return storage.allowed(a) ? Double(storage.arcTime[Int(a)]) * 0.001 : nil
    }

    /// The size of the graph's arrays in bytes, each padded to a multiple of 8 bytes (what
    /// `save` writes, without the header and the section table).
    /// C twin: `gk_road_graph_info`.
    public var byteCount: Int { storage.payloadByteCount }
}
