import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Road graph: matrix and snapping")
struct RoadGraphMatrixSnapTests {
    @Test("the matrix equals one-to-one hierarchy costs, unreachable pairs included")
    func matrixMatchesOneToOne() throws {
        var rng = SeededRandom(seed: 77)
        for seed in UInt64(1)...3 {
            let graph = try RoadGraph(RoadNetwork.grid(
                rows: 18, cols: 22, seed: seed, oneWayFraction: 0.3, destinationOnlyFraction: 0.15))
            let ws = RoadGraph.Workspace(for: graph)
            var sources = (0..<25).map { _ in RoadTestData.randomSnap(graph, &rng) }
            let targets = (0..<31).map { _ in RoadTestData.randomSnap(graph, &rng) }
            sources.append(targets[3])  // same edge and point as a target
            for metric in RoadMetric.allCases {
                let matrix = try graph.matrix(from: sources, to: targets, metric: metric, workspace: ws)
                #expect(matrix.sourceCount == sources.count && matrix.targetCount == targets.count)
                var unreachable = 0
                for (i, s) in sources.enumerated() {
                    for (j, t) in targets.enumerated() {
                        let one = try? graph.cost(from: s, to: t, metric: metric, workspace: ws)
                        #expect(matrix[i, j] == one, "\(metric) \(i) → \(j)")
                        if one == nil { unreachable += 1 }
                    }
                }
                #expect(matrix[sources.count - 1, 3] == 0)
                let plain = try RoadGraph(
                    RoadNetwork.grid(rows: 18, cols: 22, seed: seed, oneWayFraction: 0.3, destinationOnlyFraction: 0.15),
                    options: .init(contractedMetrics: []))
                #expect(try plain.matrix(from: sources, to: targets, metric: metric) == matrix)
                _ = unreachable
            }
        }
        let empty = try RoadGraph(RoadNetwork.grid(rows: 3, cols: 3, seed: 1)).matrix(from: [], to: [])
        #expect(empty.costs.isEmpty)
    }

    @Test("snapping equals a brute-force scan of every segment on 3 000 random points")
    func snapMatchesBruteForce() throws {
        var rng = SeededRandom(seed: 5)
        for (rows, cols) in [(30, 40), (7, 90)] {
            let graph = try RoadGraph(RoadNetwork.grid(rows: rows, cols: cols, seed: 9, missingFraction: 0.2))
            for _ in 0..<1_500 {
                let p = RoadTestData.randomPoint(graph, &rng)
                let fast = try graph.snap(p, maxDistanceMeters: .infinity)
                let slow = try #require(graph.snapBruteForce(p))
                #expect(fast.distanceMeters == slow.distanceMeters)
                #expect(fast.edge == slow.edge && fast.segment == slow.segment && fast.point == slow.point)
                #expect(fast.offsetMeters >= 0 && fast.offsetMeters <= graph.edgeLengthMeters(fast.edge))
                #expect(fast.input == p)
            }
            // Far outside the network the search still finds the nearest road.
            let far = try Coordinate(latitude: 43.2, longitude: 1.1)
            #expect(try graph.snap(far, maxDistanceMeters: .infinity).edge == graph.snapBruteForce(far)!.edge)
        }
    }

    @Test("snapping refuses points beyond the limit and bad arguments")
    func snapErrors() throws {
        let graph = try RoadGraph(RoadNetwork.grid(rows: 5, cols: 5, seed: 2))
        let far = try Coordinate(latitude: 42.4, longitude: 1.5)
        let error = #expect(throws: GeoKernelError.self) { try graph.snap(far, maxDistanceMeters: 50) }
        #expect(error?.code == .notFound)
        #expect(error?.message.hasPrefix("no road within 50.0 m of (42.4, 1.5)") == true)
        for limit in [-1.0, .nan] {
            let e = #expect(throws: GeoKernelError.self) { try graph.snap(far, maxDistanceMeters: limit) }
            #expect(e?.code == .invalidArgument)
        }
        for (lat, lon) in [(91.0, 1.5), (.nan, 1.5), (42.5, .infinity)] {
            let e = #expect(throws: GeoKernelError.self) { try graph.snap(latitude: lat, longitude: lon, maxDistanceMeters: 10) }
            #expect(e?.code == .invalidArgument)
        }
        let exact = graph.nodeCoordinate(7)
        let s = try graph.snap(exact, maxDistanceMeters: 0)
        #expect(s.distanceMeters == 0 && s.point == exact)
    }

    @Test("routes refuse snaps of another graph and workspaces of another size")
    func foreignArguments() throws {
        let small = try RoadGraph(RoadNetwork.grid(rows: 4, cols: 4, seed: 3))
        let big = try RoadGraph(RoadNetwork.grid(rows: 9, cols: 9, seed: 3))
        var rng = SeededRandom(seed: 1)
        let s = RoadTestData.randomSnap(big, &rng)
        let foreign = RoadSnap(
            input: s.input, point: s.point, edge: big.edgeCount - 1, segment: 0, offsetMeters: 1e9, distanceMeters: 0)
        #expect(throws: GeoKernelError.self) { try small.route(from: foreign, to: foreign) }
        let e = #expect(throws: GeoKernelError.self) {
            try big.route(from: s, to: s, workspace: RoadGraph.Workspace(for: small))
        }
        #expect(e?.code == .misuse)
        let plain = try RoadGraph(RoadNetwork.grid(rows: 4, cols: 4, seed: 3), options: .init(contractedMetrics: [.shortest]))
        let t = RoadTestData.randomSnap(plain, &rng)
        #expect(throws: GeoKernelError.self) { try plain.route(from: t, to: t, metric: .fastest) }
        #expect(try plain.route(from: t, to: t, metric: .fastest, algorithm: .dijkstra).cost == 0)
        #expect(plain.isContracted(.shortest) && !plain.isContracted(.fastest))
    }
}
