import GeoKernel
import Synchronization
import Testing

@Suite("Road graph: build progress")
struct RoadGraphProgressTests {
    @Test("a build reports each metric's contraction in about 200 rising steps, ending at every state")
    func contractionProgress() throws {
        let heard = Mutex<[RoadGraph.BuildProgress]>([])
        let graph = try RoadGraph(RoadNetwork.grid(rows: 30, cols: 30, seed: 3)) { p in heard.withLock { $0.append(p) } }
        let events = heard.withLock { $0 }
        for metric in RoadMetric.allCases {
            let mine = events.filter { $0.metric == metric }
            #expect(mine.count >= 150 && mine.count <= 202, "\(metric): \(mine.count) reports")
            #expect(zip(mine, mine.dropFirst()).allSatisfy { $0.contracted < $1.contracted }, "\(metric) rises")
            #expect(mine.allSatisfy { $0.total == mine[0].total && $0.contracted <= $0.total })
            #expect(mine.last?.contracted == mine.last?.total && mine.last?.fraction == 1)
            #expect(mine[0].total == graph.report.turnStates, "\(metric): the hierarchy's nodes are the turn states")
        }
        let none = try RoadGraph(RoadNetwork.grid(rows: 4, cols: 4, seed: 1), options: .init(contractedMetrics: [])) { _ in
            Issue.record("no contraction, no report")
        }
        #expect(!none.isContracted(.fastest))
    }
}
