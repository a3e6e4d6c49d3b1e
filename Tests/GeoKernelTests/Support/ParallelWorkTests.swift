import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite struct ParallelWorkTests {
    @Test func everyPieceRunsExactlyOnceWhateverTheThreadCount() {
        for count in [0, 1, 2, 7, 1_000] {
            for threads in [1, 2, 8] {
                var runs = [Int](repeating: 0, count: count)
                runs.withUnsafeMutableBufferPointer { slots in
                    ParallelWork.forEach(count, maximumThreads: threads) { i in slots[i] += 1 }
                }
                #expect(runs.allSatisfy { $0 == 1 }, "\(count) pieces on \(threads) threads")
            }
        }
    }

    @Test func piecesRunOnSeveralThreadsWhenProcessorsAllow() {
        guard ParallelWork.processors >= 2 else { return }
        var owners = [pthread_t](repeating: pthread_t(), count: 40)
        owners.withUnsafeMutableBufferPointer { slots in
            ParallelWork.forEach(40, maximumThreads: 2) { i in
                slots[i] = pthread_self()
                usleep(2_000)  // long enough that the other thread takes pieces too
            }
        }
        #expect(Set(owners.map { UInt($0) }).count == 2)
    }

    @Test func roadGraphsBuiltTwiceAreTheSameBytes() throws {
        let network = RoadNetwork.grid(rows: 30, cols: 30, seed: 11)
        let a = try RoadGraph(network), b = try RoadGraph(network)
        let single = try RoadGraph(network, options: RoadGraph.Options(contractedMetrics: [.fastest]))
        #expect(a.report.shortcuts == b.report.shortcuts)
        #expect(single.report.shortcuts[Int(RoadMetric.fastest.rawValue)] == a.report.shortcuts[Int(RoadMetric.fastest.rawValue)])
        let tmp = try TemporaryDirectory("gk-parallel")
        try a.save(to: tmp.file("a"))
        try b.save(to: tmp.file("b"))
        #expect(FileManager.default.contents(atPath: tmp.file("a")) == FileManager.default.contents(atPath: tmp.file("b")))
    }
}
