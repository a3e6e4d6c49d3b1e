import GeoKernel
import Matching
import Route
import Simulation

extension RoadCases {
    /// The traces of the matching cases: the car routes of the first 20 pairs (fastest
    /// metric), driven at the graph's speeds and sampled at 1 Hz with σ = 10 m of noise
    /// (`SimulatedTrace`, seeds 0–19).
    static func matchTraces(_ ctx: Context) -> [(truth: RoadPath, fixes: [Fix])] {
        var sim = SimulatedTrace()
        sim.intervalSeconds = 1
        sim.noiseMeters = 10
        return ctx.pairs.prefix(20).enumerated().compactMap { k, pair in
            guard let truth = try? ctx.graph.route(from: pair.0, to: pair.1, metric: .fastest, workspace: ctx.workspace)
            else { return nil }
            return (truth, try! sim.fixes(along: truth, seed: UInt64(k)).map(\.fix))
        }
    }

    /// `route.match.andorra`: `RoadMatcher.match` on those traces (one Dijkstra from each
    /// candidate, read at every candidate of the next fix), n = fixes; beside
    /// `route.match.pairwise.andorra`, the naive baseline (one Dijkstra per pair of
    /// candidates). After timing, both must give the same matches.
    static func matchCases(_ ctx: Context) -> [BenchCase] {
        let traces = Box<[(truth: RoadPath, fixes: [Fix])]>([])
        let fast = Box<[RoadMatch]>([]), slow = Box<[RoadMatch]>([])
        func match(_ search: MatchOptions.TransitionSearch) -> [RoadMatch] {
            var options = MatchOptions()
            options.transitionSearch = search
            let matcher = try! RoadMatcher(graph: ctx.graph, options: options)
            return traces.value.map { try! matcher.match($0.fixes, workspace: ctx.workspace) }
        }
        func setUp() { if traces.value.isEmpty { traces.value = matchTraces(ctx) } }
        var fixes: Int { setUp(); return traces.value.reduce(0) { $0 + $1.fixes.count } }
        return [
            BenchCase(name: "route.match.pairwise.andorra", n: fixes, baseline: nil, setUp: setUp, run: {
                slow.value = match(.pairwise)
            }),
            BenchCase(name: "route.match.andorra", n: fixes, baseline: "route.match.pairwise.andorra", setUp: setUp, run: {
                fast.value = match(.oneToMany)
            }, check: {
                let want = slow.value.isEmpty ? match(.pairwise) : slow.value
                guard zip(fast.value, want).allSatisfy({ $0.pieces == $1.pieces && $0.fixes == $1.fixes }) else {
                    return "one-to-many and pairwise matches differ"
                }
                let pieces = fast.value.reduce(0) { $0 + $1.pieces.count }
                note("route.match.andorra: \(traces.value.count) traces, \(fixes) fixes at 1 Hz, sigma 10 m, \(pieces) pieces, "
                     + "equal to the pairwise baseline's")
                return nil
            }),
        ]
    }
}
