import GeoKernel
import OpenStreetMap
import Route
import Testing
import _GeoKernelTestSupport

/// Map matching on made-up traces with a known truth: car routes between random points
/// of the real extracts, sampled at the graph's speeds with Gaussian noise.
@Suite("Map matching: which roads a trace followed")
struct RoadMatcherTests {
    static func graph(_ file: String) -> RoadGraph? {
        guard let (network, _) = try? RoadNetworkBuilder.build(osmFile: SharedData.path("osm/\(file)"), profile: .car)
        else { return nil }
        return try? RoadGraph(network)
    }
    static let andorra = graph("andorra.osm.pbf")
    static let monaco = graph("monaco.osm.pbf")

    /// Newson & Krumm's route mismatch fraction: the length of road the match added or
    /// missed, over the true route's length (per edge, whatever the direction).
    static func mismatch(truth: RoadPath, match: RoadMatch) -> Double {
        var along: [Int: Double] = [:]
        for p in truth.pieces { along[p.edge, default: 0] += p.lengthMeters }
        var matched: [Int: Double] = [:]
        for leg in match.pieces.flatMap(\.legs) { matched[leg.edge, default: 0] += leg.lengthMeters }
        var wrong = 0.0
        for e in Set(along.keys).union(matched.keys) { wrong += abs(along[e, default: 0] - matched[e, default: 0]) }
        return wrong / max(truth.lengthMeters, 1)
    }

    /// Random car routes of at least `minimum` metres on `graph`, reproducible.
    static func routes(_ graph: RoadGraph, count: Int, minimum: Double, seed: UInt64) throws -> [RoadPath] {
        var rng = SeededRandom(seed: seed)
        let ws = RoadGraph.Workspace(for: graph)
        var out: [RoadPath] = []
        while out.count < count {
            func point() throws -> RoadSnap {
                let p = graph.nodeCoordinate(Int.random(in: 0..<graph.nodeCount, using: &rng))
                return try graph.snap(p, maxDistanceMeters: .infinity, role: .via)
            }
            let (a, b) = (try point(), try point())
            guard let path = try? graph.route(from: a, to: b, metric: .fastest, workspace: ws), path.lengthMeters >= minimum
            else { continue }
            out.append(path)
        }
        return out
    }

    /// Matches `count` routes sampled every `interval` s with noise `sigma` m; returns the
    /// mismatch fractions and the matches.
    static func evaluate(
        _ graph: RoadGraph, count: Int, interval: Double, sigma: Double, outliers: Double = 0, seed: UInt64
    ) throws -> [(mismatch: Double, match: RoadMatch, truth: RoadPath)] {
        let matcher = try RoadMatcher(graph: graph)
        var sim = SimulatedTrace()
        sim.intervalSeconds = interval
        sim.noiseMeters = sigma
        sim.outlierRate = outliers
        return try routes(graph, count: count, minimum: 1_000, seed: seed).enumerated().map { k, truth in
            let trace = try sim.fixes(along: truth, seed: seed &+ UInt64(k))
            let match = try matcher.match(trace.map(\.fix))
            return (mismatch(truth: truth, match: match), match, truth)
        }
    }

    @Test("on Andorra at sigma 10 m and 10 s sampling, the matched routes miss or add at most 1 % of the true length")
    func accurateAtTenMeters() throws {
        let graph = try #require(Self.andorra)
        let results = try Self.evaluate(graph, count: 100, interval: 10, sigma: 10, seed: 1)
        let total = results.reduce(0) { $0 + $1.mismatch * $1.truth.lengthMeters } / results.reduce(0) { $0 + $1.truth.lengthMeters }
        let worst = results.map(\.mismatch).max()!
        print("sigma 10 m, 10 s: mismatch \(total), worst \(worst), pieces \(results.map(\.match.pieces.count).reduce(0, +))")
        #expect(total <= 0.01)
    }

    @Test("on Andorra at sigma 30 m and 30 s sampling, the matched routes miss or add at most 5 % of the true length")
    func accurateAtThirtyMeters() throws {
        let graph = try #require(Self.andorra)
        let results = try Self.evaluate(graph, count: 100, interval: 30, sigma: 30, seed: 2)
        let total = results.reduce(0) { $0 + $1.mismatch * $1.truth.lengthMeters } / results.reduce(0) { $0 + $1.truth.lengthMeters }
        print("sigma 30 m, 30 s: mismatch \(total), worst \(results.map(\.mismatch).max()!), pieces \(results.map(\.match.pieces.count).reduce(0, +))")
        #expect(total <= 0.05)
        for r in results { #expect(r.match.lengthMeters <= 1.5 * r.truth.lengthMeters, "no detour") }
    }
}
