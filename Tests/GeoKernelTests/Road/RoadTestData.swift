import GeoKernel
import Testing
import _GeoKernelTestSupport

/// Seeded networks and snaps for the road graph tests.
enum RoadTestData {
    /// A random point inside the graph's bounding box (plus a margin of ~50 m).
    static func randomPoint(_ graph: RoadGraph, _ rng: inout SeededRandom) -> Coordinate {
        var lat0 = 90.0, lat1 = -90.0, lon0 = 180.0, lon1 = -180.0
        for n in 0..<graph.nodeCount {
            let c = graph.nodeCoordinate(n)
            lat0 = min(lat0, c.latitude); lat1 = max(lat1, c.latitude)
            lon0 = min(lon0, c.longitude); lon1 = max(lon1, c.longitude)
        }
        return try! Coordinate(
            latitude: rng.uniform(lat0 - 0.0005, lat1 + 0.0005), longitude: rng.uniform(lon0 - 0.0005, lon1 + 0.0005))
    }

    static func randomSnap(_ graph: RoadGraph, _ rng: inout SeededRandom) -> RoadSnap {
        try! graph.snap(randomPoint(graph, &rng), maxDistanceMeters: .infinity)
    }

    static func coordinate(_ lat: Double, _ lon: Double) -> Coordinate { try! Coordinate(latitude: lat, longitude: lon) }

    /// A two-way street of `speed` m/s between two nodes, straight.
    static func street(
        _ nodes: [Coordinate], _ a: Int, _ b: Int, forward: Double? = 10, backward: Double? = 10,
        destinationOnly: Bool = false, name: String = ""
    ) -> RoadNetwork.Edge {
        RoadNetwork.Edge(
            from: a, to: b, geometry: [nodes[a], nodes[b]],
            forward: forward.map { RoadNetwork.Travel(speedMetersPerSecond: $0, destinationOnly: destinationOnly) },
            backward: backward.map { RoadNetwork.Travel(speedMetersPerSecond: $0, destinationOnly: destinationOnly) },
            name: name)
    }

    /// Nodes on a small lattice ~111 m apart near (42.5, 1.5): index = row * cols + col.
    static func lattice(rows: Int, cols: Int) -> [Coordinate] {
        var nodes: [Coordinate] = []
        for r in 0..<rows { for c in 0..<cols { nodes.append(coordinate(42.5 + Double(r) * 0.001, 1.5 + Double(c) * 0.001)) } }
        return nodes
    }

    /// Checks a path against its snaps and graph: pieces contiguous, geometry from snap
    /// to snap with the pieces' ranges chained, weights adding up to the cost.
    static func checkPath(_ path: RoadPath, _ graph: RoadGraph, _ s: RoadSnap, _ t: RoadSnap) {
        #expect(path.geometry.first == s.point)
        #expect(path.geometry.last == t.point)
        #expect(!path.pieces.isEmpty)
        for i in 1..<max(1, path.geometry.count) { #expect(path.geometry[i] != path.geometry[i - 1] || path.geometry.count == 2) }
        var expectedStart = 0
        var node: Int? = nil
        for (k, p) in path.pieces.enumerated() {
            #expect(p.geometryRange.lowerBound == expectedStart)
            expectedStart = p.geometryRange.upperBound - 1
            let (from, to) = graph.edgeEndpoints(p.edge)
            if let node { #expect(node == (p.forward ? from : to)) }
            node = p.forward ? to : from
            // A zero-length partial piece (snap on a node) is left out.
            if k == 0 && p.edge != s.edge { #expect(s.offsetMeters == 0 || s.offsetMeters == graph.edgeLengthMeters(s.edge)) }
            if k == path.pieces.count - 1 && p.edge != t.edge {
                #expect(t.offsetMeters == 0 || t.offsetMeters == graph.edgeLengthMeters(t.edge))
            }
            if k > 0 && k < path.pieces.count - 1 { #expect(!p.isPartial) }
        }
        #expect(expectedStart == path.geometry.count - 1)
        let sum = path.pieces.reduce(0.0) { $0 + $1.lengthMeters }
        #expect(abs(sum - path.lengthMeters) < 1e-6)
        if path.metric == .fastest { #expect(abs(path.durationSeconds - path.cost) < 1e-6) }
    }
}
