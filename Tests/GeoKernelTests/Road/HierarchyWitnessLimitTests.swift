import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Road graph: witness searches in the hierarchy's dense core")
struct HierarchyWitnessLimitTests {
    @Test("a node is contracted with 100 settled nodes up to 25 arcs and four per arc above")
    func limitGrowsWithTheArcs() {
        #expect(ContractionHierarchy.contractLimit(arcs: 0) == ContractionHierarchy.contractLimit)
        #expect(ContractionHierarchy.contractLimit(arcs: 25) == 100)
        #expect(ContractionHierarchy.contractLimit(arcs: 26) == 104)
        #expect(ContractionHierarchy.contractLimit(arcs: 200) == 800)
    }

    @Test("a grid's last states have more than 25 arcs when contracted, and their shortcuts route as Dijkstra does")
    func denseCoreRoutesAsDijkstra() throws {
        let graph = try RoadGraph(RoadNetwork.grid(rows: 36, cols: 36, seed: 31, oneWayFraction: 0.2))
        try graph.checkInvariants()
        for metric in RoadMetric.allCases {
            // A node's upward and downward lists are the arcs it had left when contracted.
            let ch = try #require(graph.storage.hierarchy(metric))
            let n = ch.rank.count
            var widest = 0
            for r in 0..<n {
                let up = Int(ch.upFirst[r + 1]) - Int(ch.upFirst[r])
                let down = Int(ch.downFirst[r + 1]) - Int(ch.downFirst[r])
                widest = max(widest, up + down)
            }
            #expect(widest > 25, "\(metric): the widest contraction had \(widest) arcs, below the larger limit")
        }
        var rng = SeededRandom(seed: 77)
        let ws = RoadGraph.Workspace(for: graph)
        var compared = 0
        for _ in 0..<1_500 {
            let s = RoadTestData.randomSnap(graph, &rng), t = RoadTestData.randomSnap(graph, &rng)
            for metric in RoadMetric.allCases {
                guard let reference = graph.referenceWeight(from: s, to: t, metric: metric) else { continue }
                let ch = try graph.weight(from: s, to: t, metric: metric, algorithm: .contractionHierarchy, workspace: ws)
                #expect(ch == reference, "\(metric): hierarchy \(ch), reference \(reference)")
                compared += 1
            }
        }
        #expect(compared > 2_000)
    }
}
