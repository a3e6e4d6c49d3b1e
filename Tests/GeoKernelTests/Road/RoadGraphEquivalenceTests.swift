import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Road graph: hierarchy, Dijkstra and the reference agree")
struct RoadGraphEquivalenceTests {
    @Test("CH in either query order, bidirectional Dijkstra and one-directional Dijkstra give equal costs on 10 000 random pairs per metric")
    func randomPairsAgree() throws {
        var rng = SeededRandom(seed: 2024)
        var compared = 0, unreachable = 0
        for (k, size) in [(12, 15), (20, 20), (25, 30), (30, 22), (16, 40)].enumerated() {
            let network = RoadNetwork.grid(
                rows: size.0, cols: size.1, seed: UInt64(100 + k), oneWayFraction: 0.25,
                destinationOnlyFraction: 0.08, missingFraction: 0.08)
            let graph = try RoadGraph(network)
            try graph.checkInvariants()
            let ws = RoadGraph.Workspace(for: graph)
            for i in 0..<2_000 {
                let s = RoadTestData.randomSnap(graph, &rng), t = RoadTestData.randomSnap(graph, &rng)
                for metric in RoadMetric.allCases {
                    let reference = graph.referenceWeight(from: s, to: t, metric: metric)
                    guard let reference else {
                        unreachable += 1
                        #expect(throws: GeoKernelError.self) { try graph.route(from: s, to: t, metric: metric, workspace: ws) }
                        #expect(throws: GeoKernelError.self) {
                            try graph.route(from: s, to: t, metric: metric, algorithm: .dijkstra, workspace: ws)
                        }
                        continue
                    }
                    let ch = try graph.weight(from: s, to: t, metric: metric, algorithm: .contractionHierarchy, workspace: ws)
                    let dj = try graph.weight(from: s, to: t, metric: metric, algorithm: .dijkstra, workspace: ws)
                    #expect(ch == reference && dj == reference, "grid \(k) pair \(i) \(metric): CH \(ch) Dijkstra \(dj) reference \(reference)")
                    // Both query orders of the hierarchy, whichever this graph picked.
                    for order in [ContractionHierarchy.QueryOrder.rankSweep, .dijkstraOrder] {
                        let c = try graph.weight(
                            from: s, to: t, metric: metric, algorithm: .contractionHierarchy, workspace: ws, order: order)
                        #expect(c == reference, "grid \(k) pair \(i) \(metric) \(order): CH \(c) reference \(reference)")
                    }
                    compared += 1
                    if i % 4 == 0 {
                        for algorithm in [RoutingAlgorithm.contractionHierarchy, .dijkstra] {
                            let path = try graph.route(from: s, to: t, metric: metric, algorithm: algorithm, workspace: ws)
                            #expect(path.weight == reference)
                            #expect(path.pieces.reduce(UInt64(0)) { $0 + $1.weight } == reference)
                            RoadTestData.checkPath(path, graph, s, t)
                        }
                    }
                }
            }
            #expect(ws.forward.pendingIsClear && ws.backward.pendingIsClear, "grid \(k): a sweep left a pending rank behind")
        }
        #expect(compared >= 19_000)
        #expect(unreachable < 1_000)
    }
}
