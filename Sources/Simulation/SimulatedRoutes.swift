import GeoKernel

/// Made-up journeys on a road graph: routes between junctions drawn at random, the truth
/// that simulated traces are sampled along (`SimulatedTrace.fixes(along:seed:)`) and map
/// matching is measured against (`RoadMatch.mismatch(against:)`). Reproducible from a
/// seed on every machine.
///
/// Units: metres. Thread safety: pure. C twin: none.
/// \since 0.9
public enum SimulatedRoutes {
    /// `count` routes of at least `minimumMeters`, each the best `metric` route between two
    /// junctions drawn uniformly from the graph's nodes (`SplitMix64(seed:)`, two draws a
    /// route, each snapped where a route may start); a pair without a route, or with a
    /// shorter one, is drawn again.
    ///
    /// - Parameters:
    ///   - graph: the road graph, with `metric` contracted.
    ///   - count: how many routes (0 or more).
    ///   - minimumMeters: the shortest route kept (0 or more, finite).
    ///   - metric: what the routes minimise (default `.fastest`).
    ///   - seed: the random generator's seed.
    /// - Returns: the routes, in the order drawn.
    /// - Throws: `.invalidArgument` for a negative count or a minimum that is negative or
    ///   not finite, or a graph without junctions; `.notFound` when 1 000 draws for each
    ///   route asked, and 1 000 more, do not find enough routes that long (a graph of small
    ///   islands); as `RoadGraph.route` for a metric the graph does not have.
    /// - Complexity: O(draws × route query). Thread safety: pure.
    public static func random(
        on graph: RoadGraph, count: Int, minimumMeters: Double, metric: RoadMetric = .fastest, seed: UInt64
    ) throws(GeoKernelError) -> [RoadPath] {
        guard count >= 0 else { throw .invalid("route count \(count) must be 0 or more") }
        guard minimumMeters.isFinite, minimumMeters >= 0 else {
            throw .invalid("minimum route length \(minimumMeters) m must be 0 or more and finite")
        }
        guard count == 0 || graph.nodeCount > 0 else { throw .invalid("the graph has no junctions to draw routes between") }
        var rng = SplitMix64(seed: seed)
        let workspace = RoadGraph.Workspace(for: graph)
        var routes: [RoadPath] = []
        var draws = 0
        let maximumDraws = 1_000 * count + 1_000
        while routes.count < count {
            guard draws < maximumDraws else {
                throw GeoKernelError(.notFound, "\(routes.count) of \(count) routes of \(minimumMeters) m or more in \(draws) draws")
            }
            draws += 1
            let start = try graph.snap(
                graph.nodeCoordinate(Int.random(in: 0..<graph.nodeCount, using: &rng)), maxDistanceMeters: .infinity, role: .via)
            let target = try graph.snap(
                graph.nodeCoordinate(Int.random(in: 0..<graph.nodeCount, using: &rng)), maxDistanceMeters: .infinity, role: .via)
            let path: RoadPath
            do {
                path = try graph.route(from: start, to: target, metric: metric, workspace: workspace)
            } catch where error.code == .notFound {
                continue
            }
            if path.lengthMeters >= minimumMeters { routes.append(path) }
        }
        return routes
    }
}
