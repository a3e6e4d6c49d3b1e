import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Road graph: concurrent queries")
struct RoadGraphConcurrencyTests {
    @Test("threads with one workspace each get the same answers as one thread")
    func concurrentQueries() throws {
        let graph = try RoadGraph(RoadNetwork.grid(rows: 25, cols: 25, seed: 12, destinationOnlyFraction: 0.05))
        var rng = SeededRandom(seed: 21)
        let snaps = (0..<400).map { _ in RoadTestData.randomSnap(graph, &rng) }
        let ws = RoadGraph.Workspace(for: graph)
        let expected = (0..<200).map { i in try? graph.route(from: snaps[i], to: snaps[i + 200], workspace: ws) }
        let results = Results(count: 4)
        DispatchQueue.concurrentPerform(iterations: 4) { k in
            let mine = RoadGraph.Workspace(for: graph)
            var agree = true
            for round in 0..<3 {
                for i in 0..<200 {
                    let j = (i + 37 * k + round) % 200
                    let path = try? graph.route(from: snaps[j], to: snaps[j + 200], workspace: mine)
                    agree = agree && path == expected[j]
                }
            }
            results.set(k, agree)
        }
        #expect(results.all)
    }

    @Test("threads sweeping one hierarchy for the first time build its downward lists once and agree with Dijkstra")
    func concurrentFirstSweeps() throws {
        let graph = try RoadGraph(RoadNetwork.grid(rows: 20, cols: 20, seed: 5, oneWayFraction: 0.2))
        var rng = SeededRandom(seed: 9)
        let origins = (0..<12).map { _ in RoadTestData.randomSnap(graph, &rng) }
        let ws = RoadGraph.Workspace(for: graph)
        let expected = try origins.map { try graph.reach(from: $0, within: 90, algorithm: .dijkstra, workspace: ws) }
        let results = Results(count: 4)
        DispatchQueue.concurrentPerform(iterations: 4) { k in  // the first sweeps race to build the lists
            let mine = RoadGraph.Workspace(for: graph)
            var agree = true
            for (i, o) in origins.enumerated() {
                let parts = try? graph.reach(from: o, within: 90, algorithm: .contractionHierarchy, workspace: mine)
                agree = agree && parts == expected[i]
            }
            results.set(k, agree)
        }
        #expect(results.all)
    }

    /// Per-thread outcomes, written under a lock.
    final class Results: @unchecked Sendable {
        private var values: [Bool]
        private let lock = NSLock()
        init(count: Int) { values = [Bool](repeating: false, count: count) }
        func set(_ i: Int, _ v: Bool) { lock.lock(); values[i] = v; lock.unlock() }
        var all: Bool { lock.lock(); defer { lock.unlock() }; return values.allSatisfy { $0 } }
    }
}
