import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// Throwaway timings printed when GK_ROAD_BENCH is set (rows x cols, e.g. "120x120");
/// no assertions on time. Benchmarks proper belong to Benchmarks/.
@Suite("Road graph: timings (printed, GK_ROAD_BENCH only)")
struct RoadGraphBenchmarkPrint {
    static let spec = ProcessInfo.processInfo.environment["GK_ROAD_BENCH"]

    func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }

    /// A network from the throwaway TSV format (nodes, then edges with geometry).
    static func load(_ path: String) throws -> RoadNetwork {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let n = Int(lines[0])!
        var net = RoadNetwork()
        for i in 1...n {
            let f = lines[i].split(separator: " ").map { Double($0)! }
            net.nodes.append(try Coordinate(latitude: f[0], longitude: f[1]))
        }
        for line in lines[(n + 2)...] where !line.isEmpty {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let geometry = try f[11].split(separator: ";").map { p in
                let ll = p.split(separator: ",").map { Double($0)! }
                return try Coordinate(latitude: ll[0], longitude: ll[1])
            }
            let fs = Double(f[2])!, bs = Double(f[3])!
            net.edges.append(RoadNetwork.Edge(
                from: Int(f[0])!, to: Int(f[1])!, geometry: geometry,
                forward: fs > 0 ? .init(speedMetersPerSecond: fs, destinationOnly: f[4] == "1") : nil,
                backward: bs > 0 ? .init(speedMetersPerSecond: bs, destinationOnly: f[5] == "1") : nil,
                name: f[9], ref: f[10], roadClass: RoadClass(osmValue: f[6]) ?? .other, isRoundabout: f[7] == "1",
                wayID: Int64(f[8])!))
        }
        return net
    }

    @Test("prints build, query, matrix, snap and load timings", .enabled(if: spec != nil))
    func printTimings() throws {
        if let t = ProcessInfo.processInfo.environment["GK_CH_TUNE"]?.split(separator: ",").map({ Double($0)! }) {
            chTuning = (t[0], t[1], t[2], Int(t[3]), t[4])
        }
        let clock = ContinuousClock()
        let dims: [Int], network: RoadNetwork
        if Self.spec!.hasSuffix(".tsv") {
            network = try Self.load(Self.spec!)
            dims = [network.nodes.count, 1]
        } else {
            dims = Self.spec!.split(separator: "x").map { Int($0)! }
            network = RoadNetwork.grid(rows: dims[0], cols: dims[1], seed: 7)
        }
        var graph: RoadGraph!
        let tb = clock.measure { graph = try! RoadGraph(network, options: .init(contractedMetrics: [.fastest])) }
        print("grid \(dims[0])x\(dims[1]): \(graph.nodeCount) nodes \(graph.edgeCount) edges; build (fastest CH) \(seconds(tb)) s; shortcuts \(graph.report.shortcuts)")
        if dims[0] * dims[1] > 300_000 { return }
        let t2 = clock.measure { graph = try! RoadGraph(network) }
        print("build both metrics \(seconds(t2)) s; bytes \(graph.byteCount) = \(Double(graph.byteCount) / Double(graph.nodeCount)) B/node, \(Double(graph.byteCount) / Double(graph.edgeCount)) B/edge")
        var rng = SeededRandom(seed: 1)
        let ws = RoadGraph.Workspace(for: graph)
        let points = (0..<2_000).map { _ in RoadTestData.randomPoint(graph, &rng) }
        var snaps: [RoadSnap] = []
        let ts = clock.measure { snaps = points.map { try! graph.snap($0, maxDistanceMeters: .infinity) } }
        print("snap \(seconds(ts) / 2_000 * 1e6) µs")
        for metric in RoadMetric.allCases {
            var sum = 0.0
            let n = 1_000
            debugSettled = 0
            let tc = clock.measure {
                for i in 0..<n { sum += try! graph.cost(from: snaps[i], to: snaps[i + 1000], metric: metric, workspace: ws) }
            }
            print("settled per CH query: \(Double(debugSettled) / Double(n))"); debugSettled = 0
            let tr = clock.measure {
                for i in 0..<n { sum += try! graph.route(from: snaps[i], to: snaps[i + 1000], metric: metric, workspace: ws).cost }
            }
            let td = clock.measure {
                for i in 0..<200 {
                    sum += try! graph.cost(from: snaps[i], to: snaps[i + 1000], metric: metric, algorithm: .dijkstra, workspace: ws)
                }
            }
            let ch = seconds(tc) / Double(n) * 1e6, dj = seconds(td) / 200 * 1e6
            print("\(metric): CH cost \(ch) µs, CH route+path \(seconds(tr) / Double(n) * 1e6) µs, bidi Dijkstra \(dj) µs, ratio \(dj / ch) (\(sum))")
            let tm = clock.measure { _ = try! graph.matrix(from: Array(snaps[0..<100]), to: Array(snaps[100..<200]), metric: metric, workspace: ws) }
            print("\(metric): matrix 100x100 \(seconds(tm) * 1e3) ms = \(seconds(tm) / 10_000 * 1e6) µs/cell")
        }
        let path = NSTemporaryDirectory() + "gk-road-bench-\(getpid()).gkroad"
        try graph.save(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var best = Double.infinity
        for _ in 0..<5 { best = min(best, seconds(clock.measure { _ = try! RoadGraph(contentsOf: path) })) }
        print("load \(best * 1e3) ms for \(graph.byteCount) bytes")
    }
}
