import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Road graph: hand-built networks")
struct RoadGraphNetworkTests {
    typealias D = RoadTestData

    /// A snap at fraction `t` along edge `e` (straight two-vertex edges).
    func snap(_ g: RoadGraph, edge e: Int, at t: Double) throws -> RoadSnap {
        let geo = g.edgeGeometry(e)
        let c = D.coordinate(
            geo[0].latitude + (geo[1].latitude - geo[0].latitude) * t,
            geo[0].longitude + (geo[1].longitude - geo[0].longitude) * t)
        let s = try g.snap(c, maxDistanceMeters: 1)
        #expect(s.edge == e)
        return s
    }

    func expectAgreement(_ g: RoadGraph, _ s: RoadSnap, _ t: RoadSnap, _ m: RoadMetric = .fastest) throws -> RoadPath {
        let reference = try #require(g.referenceWeight(from: s, to: t, metric: m))
        let ch = try g.route(from: s, to: t, metric: m)
        let dj = try g.route(from: s, to: t, metric: m, algorithm: .dijkstra)
        #expect(ch.weight == reference && dj.weight == reference)
        D.checkPath(ch, g, s, t)
        D.checkPath(dj, g, s, t)
        return ch
    }

    @Test("start and end on one two-way edge route directly along it, either way")
    func sameEdgeBothDirections() throws {
        let nodes = D.lattice(rows: 1, cols: 2)
        let g = try RoadGraph(RoadNetwork(nodes: nodes, edges: [D.street(nodes, 0, 1)]))
        let a = try snap(g, edge: 0, at: 0.3), b = try snap(g, edge: 0, at: 0.7)
        let ab = try expectAgreement(g, a, b), ba = try expectAgreement(g, b, a)
        #expect(ab.pieces.count == 1 && ab.pieces[0].forward && ab.pieces[0].isPartial)
        #expect(ba.pieces.count == 1 && !ba.pieces[0].forward)
        // Lengths are centimetre weights: each of the two snaps' parts rounds by ≤ 0.5 cm.
        #expect(abs(ab.lengthMeters - (b.offsetMeters - a.offsetMeters)) <= 0.01)
        #expect(ab.geometry == [a.point, b.point])
        let same = try g.route(from: a, to: a)
        #expect(same.cost == 0 && same.lengthMeters == 0)
    }

    /// A block 0-1-2-3 (counter-clockwise from the south-west) whose south side 0 → 1 is one-way.
    func block() throws -> RoadGraph {
        let n = D.lattice(rows: 2, cols: 2)  // 0 (0,0) 1 (0,1) 2 (1,0) 3 (1,1)
        return try RoadGraph(RoadNetwork(nodes: n, edges: [
            D.street(n, 0, 1, backward: nil), D.street(n, 1, 3), D.street(n, 3, 2), D.street(n, 2, 0),
        ]))
    }

    @Test("on a one-way edge a target behind the start is reached around the block")
    func oneWayGoesAround() throws {
        let g = try block()
        let ahead = try snap(g, edge: 0, at: 0.3), behind = try snap(g, edge: 0, at: 0.7)
        let direct = try expectAgreement(g, ahead, behind)
        #expect(direct.pieces.count == 1)
        let around = try expectAgreement(g, behind, ahead)
        #expect(around.pieces.map(\.edge) == [0, 1, 2, 3, 0])
        #expect(around.pieces.first!.forward && around.pieces.last!.forward)
        let perimeter = (0..<4).reduce(0.0) { $0 + g.edgeLengthMeters($1) }
        // Five pieces, each rounded to the centimetre.
        #expect(abs(around.lengthMeters - (perimeter - (behind.offsetMeters - ahead.offsetMeters))) <= 0.025)
    }

    @Test("a loop edge can be entered, left and routed along")
    func loops() throws {
        let n = D.lattice(rows: 1, cols: 3)
        let ring = [n[2], D.coordinate(42.5005, 1.5025), D.coordinate(42.501, 1.502), D.coordinate(42.5005, 1.5015), n[2]]
        let loop = RoadNetwork.Edge(
            from: 2, to: 2, geometry: ring, forward: .init(speedMetersPerSecond: 8), backward: nil, name: "Loop")
        let g = try RoadGraph(RoadNetwork(nodes: n, edges: [D.street(n, 0, 1), D.street(n, 1, 2), loop]))
        try g.checkInvariants()
        let onLoop = try g.snap(D.coordinate(42.501, 1.502), maxDistanceMeters: 5)
        #expect(g.edgeIsRoundabout(onLoop.edge) == false && g.edgeName(onLoop.edge) == "Loop")
        let start = try snap(g, edge: 0, at: 0.5)
        _ = try expectAgreement(g, start, onLoop)
        _ = try expectAgreement(g, onLoop, start)
        let early = try g.snap(D.coordinate(42.5005, 1.5025), maxDistanceMeters: 5)
        let toLater = try expectAgreement(g, early, onLoop)
        #expect(toLater.pieces.count == 1)
        let toEarlier = try expectAgreement(g, onLoop, early)  // once around the one-way loop
        #expect(toEarlier.pieces.count == 2 && toEarlier.pieces.allSatisfy { $0.edge == onLoop.edge })
        #expect(g.edges(at: 2).filter { $0.edge == onLoop.edge }.count == 2)
    }

    /// A square 0-1-3-2 of through streets with a destination-only diagonal 0-4-3 that is
    /// much shorter than either way around, and a destination-only cul-de-sac 1-5.
    func zoned() throws -> RoadGraph {
        var n = D.lattice(rows: 2, cols: 2).map { D.coordinate($0.latitude + ($0.latitude - 42.5) * 9, $0.longitude + ($0.longitude - 1.5) * 9) }
        n.append(D.coordinate(42.5045, 1.5045))  // 4, the diagonal's middle
        n.append(D.coordinate(42.499, 1.51))  // 5, end of the cul-de-sac
        return try RoadGraph(RoadNetwork(nodes: n, edges: [
            D.street(n, 0, 1, name: "South"), D.street(n, 1, 3, name: "East"), D.street(n, 3, 2, name: "North"),
            D.street(n, 2, 0, name: "West"), D.street(n, 0, 4, destinationOnly: true, name: "Diag A"),
            D.street(n, 4, 3, destinationOnly: true, name: "Diag B"), D.street(n, 1, 5, destinationOnly: true),
        ]))
    }

    @Test("destination-only streets are used to reach or leave a destination, never passed through")
    func destinationOnly() throws {
        let g = try zoned()
        let nearSW = try snap(g, edge: 0, at: 0.05), nearNE = try snap(g, edge: 2, at: 0.05)
        let through = try expectAgreement(g, nearSW, nearNE)
        #expect(!through.pieces.contains { g.edgeName($0.edge).hasPrefix("Diag") })
        let inZone = try snap(g, edge: 5, at: 0.5), cul = try snap(g, edge: 6, at: 0.9)
        let into = try expectAgreement(g, nearSW, inZone)
        #expect(into.pieces.last!.edge == 5)
        let out = try expectAgreement(g, inZone, nearNE)
        #expect(out.pieces.first!.edge == 5)
        let zoneToZone = try expectAgreement(g, inZone, cul)
        #expect(zoneToZone.pieces.first!.edge == 5 && zoneToZone.pieces.last!.edge == 6)
        let within = try expectAgreement(g, try snap(g, edge: 4, at: 0.5), inZone)
        #expect(within.pieces.map(\.edge) == [4, 5])
        for m in RoadMetric.allCases { _ = try expectAgreement(g, cul, nearSW, m) }
    }

    @Test("a route that would have to pass through a destination-only street is not found")
    func destinationOnlyBridge() throws {
        let n = D.lattice(rows: 1, cols: 4)
        let g = try RoadGraph(RoadNetwork(nodes: n, edges: [
            D.street(n, 0, 1), D.street(n, 1, 2, destinationOnly: true), D.street(n, 2, 3),
        ]))
        let a = try snap(g, edge: 0, at: 0.5), b = try snap(g, edge: 2, at: 0.5)
        #expect(g.referenceWeight(from: a, to: b, metric: .fastest) == nil)
        for algorithm in [RoutingAlgorithm.contractionHierarchy, .dijkstra] {
            let error = #expect(throws: GeoKernelError.self) { try g.route(from: a, to: b, algorithm: algorithm) }
            #expect(error?.code == .notFound)
        }
        let matrix = try g.matrix(from: [a, b], to: [a, b])
        #expect(matrix[0, 1] == nil && matrix[1, 0] == nil && matrix[0, 0] == 0)
        _ = try expectAgreement(g, a, try snap(g, edge: 1, at: 0.5))  // into the bridge is fine
    }

    @Test("islands are dropped and counted; a street that can only be left or entered is kept, and pins snap by role")
    func components() throws {
        let n = D.lattice(rows: 3, cols: 3)
        let g = try RoadGraph(RoadNetwork(nodes: n, edges: [
            D.street(n, 0, 1), D.street(n, 1, 2), D.street(n, 2, 0),  // the main triangle
            D.street(n, 2, 5, backward: nil),  // one-way out: 5 cannot come back, but a route can end there
            D.street(n, 6, 7), D.street(n, 7, 8),  // an island: no way to or from the triangle
            D.street(n, 3, 4, forward: nil, backward: nil),  // no traversable direction
        ]))
        #expect(g.nodeCount == 4 && g.edgeCount == 4)
        #expect(g.report.droppedNodes == 5 && g.report.droppedEdges == 3)
        try g.checkInvariants()
        // Beside the one-way street's far end: the nearest road is that street, where a
        // route can end but from which none can start.
        let nearEnd = Coordinate(uncheckedLatitude: n[5].latitude, longitude: n[5].longitude - 0.0001)
        let oneWay = try g.snap(nearEnd, maxDistanceMeters: 1_000)
        #expect(g.edgeEndpoints(oneWay.edge) == (2, 3) || g.edgeEndpoints(oneWay.edge) == (3, 2))
        #expect(try g.snap(nearEnd, maxDistanceMeters: 1_000, role: .end) == oneWay)
        for role in [SnapRole.start, .via] {
            let s = try g.snap(nearEnd, maxDistanceMeters: 1_000, role: role)
            #expect(s.edge != oneWay.edge && s.distanceMeters > oneWay.distanceMeters, "\(role)")
        }
        let error = #expect(throws: GeoKernelError.self) { try g.snap(nearEnd, maxDistanceMeters: 1, role: .start) }
        #expect(error?.code == .notFound && error?.message.contains("start") == true)
        let start = try g.snap(n[1], maxDistanceMeters: 1_000, role: .start)
        #expect(try g.route(from: start, to: oneWay).lengthMeters > 0)
        #expect(throws: GeoKernelError.self) { try g.route(from: oneWay, to: start) }
    }

    @Test("invalid networks are refused with the edge index and way id in the message")
    func validation() throws {
        let n = D.lattice(rows: 1, cols: 3)
        func message(_ edge: RoadNetwork.Edge) -> String? {
            var bad = edge
            bad.wayID = 77
            do {
                _ = try RoadGraph(RoadNetwork(nodes: n, edges: [D.street(n, 0, 1), bad]))
                return nil
            } catch {
                #expect(error.code == .invalidArgument)
                return error.message
            }
        }
        var e = D.street(n, 1, 2)
        e.to = 9
        #expect(message(e)?.contains("edge 1 (way 77)") == true)
        e = D.street(n, 1, 2)
        e.geometry = [n[1]]
        #expect(message(e)?.contains("2 needed") == true)
        e.geometry = [n[1], n[0]]
        #expect(message(e)?.contains("from its nodes") == true)
        #expect(message(D.street(n, 1, 2, forward: 0))?.contains("forward speed") == true)
        #expect(message(D.street(n, 1, 2, backward: .nan))?.contains("backward speed") == true)
        #expect(message(D.street(n, 1, 2, forward: .infinity)) != nil)
        e = D.street(n, 1, 2)
        e.geometry[1] = D.coordinate(n[2].latitude + 2e-6, n[2].longitude)  // 0.2 m: tolerated, moved onto the node
        #expect(message(e) == nil)
    }

    @Test("accessors describe edges and their incidences")
    func accessors() throws {
        let g = try block()
        let at0 = g.edges(at: 0)
        #expect(at0.count == 2)
        let south = try #require(at0.first { $0.edge == 0 })
        #expect(south.leavesForward && south.canLeave && !south.canArrive)
        #expect(g.edgeTravel(0, forward: false) == nil)
        #expect(abs(g.edgeTravel(0, forward: true)!.speedMetersPerSecond - 10) < 1e-6)
        #expect(g.edgeGeometry(0).first == g.nodeCoordinate(g.edgeEndpoints(0).from))
        #expect(abs(g.edgeLengthMeters(0) - haversineDistance(g.nodeCoordinate(0), g.nodeCoordinate(1))) < 0.01)
        #expect(g.edgeClass(0) == .other && g.edgeName(0) == "" && g.edgeRef(0) == "")
    }
}
