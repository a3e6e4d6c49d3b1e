import Foundation
import GeoKernel

/// The road router on a generated 1M-node street grid (1000 × 1000 junctions about 100 m
/// apart, seeded; see `RoadNetwork.grid`). Building its hierarchies took 22 minutes (both metrics,
/// 2026-11-23; grids contract badly: about 11 shortcuts per node for `.shortest`), so
/// this group runs only with `--grid` or a `--filter` containing "grid"
/// (`make bench ARGS="--filter grid"`); plain `make bench` skips it.
/// - `graph.build.grid1m`: `RoadGraph` from the network with a contraction hierarchy for
///   both metrics, n = 1, one timed repetition, beside `graph.build.noch.grid1m` (no
///   contraction). Generating the network is not timed.
/// - `route.ch.grid1m`: 1 000 seeded random pairs (points of the grid's box snapped within
///   200 m), shortest metric, one workspace reused, n = 1 000 per repetition, beside
///   `route.dijkstra.grid1m` timed on the first 20 pairs only (n = 20; ns/op is per query
///   on both sides). After timing the CH costs of those 20 pairs must equal Dijkstra's.
enum RoadGridCases {
    static let rows = 1_000, cols = 1_000
    static let pairCount = 1_000
    static let dijkstraPairs = 20

    static func make(selected: (String, String?) -> Bool) -> [BenchCase] {
        let ctx = Context()
        let cases = make(ctx)
        return cases.contains { selected($0.name, $0.baseline) } ? cases : []
    }

    static func make(_ ctx: Context) -> [BenchCase] {
        let noCH = Box<RoadGraph?>(nil)
        let dijkstra = Box<[Double]?>(nil), ch = Box<[Double]?>(nil)
        func route(_ algorithm: RoutingAlgorithm, _ pairs: ArraySlice<(RoadSnap, RoadSnap)>) -> [Double] {
            let g = ctx.graph, ws = ctx.workspace
            return pairs.map { try! g.route(from: $0.0, to: $0.1, metric: .shortest, algorithm: algorithm, workspace: ws).cost }
        }
        return [
            BenchCase(name: "graph.build.noch.grid1m", n: 1, baseline: nil, setUp: { _ = ctx.network; noCH.value = nil }, run: {
                noCH.value = try! RoadGraph(ctx.network, options: RoadGraph.Options(contractedMetrics: []))
            }, check: {
                let g = noCH.value!
                note("graph.build.noch.grid1m: \(g.nodeCount) nodes, \(g.edgeCount) edges, "
                     + "\(fmt(Double(g.byteCount) / Double(g.nodeCount))) bytes per node without hierarchies")
                noCH.value = nil
                return nil
            }, minRepetitions: 1, warmUp: false),
            BenchCase(name: "graph.build.grid1m", n: 1, baseline: "graph.build.noch.grid1m", setUp: {
                _ = ctx.network
                ctx.built = nil
            }, run: {
                ctx.built = try! RoadGraph(ctx.network)
            }, check: {
                let g = ctx.graph
                note("graph.build.grid1m: \(g.nodeCount) nodes, \(g.edgeCount) edges (dropped \(g.report.droppedNodes) "
                     + "nodes outside the largest SCC), shortcuts \(g.report.shortcuts) (shortest, fastest); "
                     + "\(fmt(Double(g.byteCount) / 1e6)) MB = \(fmt(Double(g.byteCount) / Double(g.nodeCount))) bytes per node, "
                     + "\(fmt(Double(g.byteCount) / Double(g.edgeCount))) per edge")
                return g.isContracted(.shortest) && g.isContracted(.fastest) ? nil : "not contracted"
            }, minRepetitions: 1, warmUp: false),
            BenchCase(name: "route.dijkstra.grid1m", n: dijkstraPairs, baseline: nil, setUp: { _ = ctx.pairs }, run: {
                dijkstra.value = route(.dijkstra, ctx.pairs.prefix(dijkstraPairs))
            }, minRepetitions: 2, warmUp: false),
            BenchCase(name: "route.ch.grid1m", n: pairCount, baseline: "route.dijkstra.grid1m", setUp: { _ = ctx.pairs }, run: {
                ch.value = route(.contractionHierarchy, ctx.pairs[...])
            }, check: {
                let want = dijkstra.value ?? route(.dijkstra, ctx.pairs.prefix(dijkstraPairs))
                let got = ch.value!
                for i in want.indices where got[i] != want[i] { return "pair \(i): CH \(got[i]) m, Dijkstra \(want[i]) m" }
                note("route.ch.grid1m: CH == Dijkstra on the \(want.count) pairs Dijkstra timed; mean route "
                     + "\(fmt(got.reduce(0, +) / Double(got.count) / 1000)) km over \(got.count) pairs")
                return nil
            }),
        ]
    }

    /// The network, graph and pairs, made on first use (outside the timed region).
    final class Context: @unchecked Sendable {
        lazy var network: RoadNetwork = {
            let t0 = nowNanoseconds()
            let n = RoadNetwork.grid(rows: rows, cols: cols, seed: 0x6121D)
            note("grid1m: generated \(n.nodes.count) nodes, \(n.edges.count) edges in "
                 + "\(fmt(Double(nowNanoseconds() - t0) * 1e-9)) s (not timed)")
            return n
        }()
        /// The graph `graph.build.grid1m` built (reused by the routes), else built here.
        var built: RoadGraph?
        var graph: RoadGraph {
            if built == nil { built = try! RoadGraph(network) }
            return built!
        }
        lazy var workspace = RoadGraph.Workspace(for: graph)
        lazy var pairs: [(RoadSnap, RoadSnap)] = {
            let g = graph
            var rng = SplitMix64(seed: 0x6121_D0A5)
            var south = 90.0, north = -90.0, west = 180.0, east = -180.0
            for v in 0..<g.nodeCount {
                let c = g.nodeCoordinate(v)
                south = min(south, c.latitude); north = max(north, c.latitude)
                west = min(west, c.longitude); east = max(east, c.longitude)
            }
            func point() -> RoadSnap {
                while true {
                    let c = try! Coordinate(latitude: rng.uniform(south, north), longitude: rng.uniform(west, east))
                    if let s = try? g.snap(c, maxDistanceMeters: 200) { return s }
                }
            }
            var out: [(RoadSnap, RoadSnap)] = []
            while out.count < pairCount {
                let a = point(), b = point()
                if (try? g.route(from: a, to: b, metric: .shortest, workspace: workspace)) != nil { out.append((a, b)) }
            }
            return out
        }()
    }


    typealias Box = IndexCases.Box
    static func note(_ s: String) { IndexCases.note(s) }
    static func fmt(_ v: Double) -> String { IndexCases.fmt(v) }
}
