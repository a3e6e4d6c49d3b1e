import GeoKernel
import Route

extension RoadCases {
    /// The origins and limit of the isochrone cases: the start points of the first 20
    /// pairs, 5 minutes (fastest metric).
    static let isochroneOrigins = 20, isochroneSeconds = 300.0

    /// `route.isochrone.andorra`: the roads reachable within 5 minutes from 20 origins
    /// (`RoadGraph.reach` over the hierarchy, a PHAST sweep restricted to what the limit
    /// reaches), n = 20; beside `route.isochrone.dijkstra.andorra`, the same by Dijkstra
    /// stopped at the limit. After timing the parts must be equal. Then
    /// `route.isochrone.outline.andorra`: `RoadRouter.isochrone`, the same reach (by Dijkstra)
    /// plus the parts' geometry and the traced outline, beside the reach alone.
    static func isochroneCases(_ ctx: Context) -> [BenchCase] {
        let viaCH = Box<[[RoadReach]]>([]), viaDijkstra = Box<[[RoadReach]]>([])
        let areas = Box<[RoadIsochrone]>([])
        func reach(_ algorithm: RoutingAlgorithm) -> [[RoadReach]] {
            ctx.pairs.prefix(isochroneOrigins).map { a, _ in
                try! ctx.graph.reach(
                    from: a, within: isochroneSeconds, metric: .fastest, algorithm: algorithm, workspace: ctx.workspace)
            }
        }
        return [
            BenchCase(name: "route.isochrone.dijkstra.andorra", n: isochroneOrigins, baseline: nil, setUp: { _ = ctx.pairs }, run: {
                viaDijkstra.value = reach(.dijkstra)
            }),
            BenchCase(name: "route.isochrone.andorra", n: isochroneOrigins, baseline: "route.isochrone.dijkstra.andorra",
                      setUp: { _ = ctx.pairs; _ = reach(.contractionHierarchy) }, run: {
                viaCH.value = reach(.contractionHierarchy)
            }, check: {
                let want = viaDijkstra.value.isEmpty ? reach(.dijkstra) : viaDijkstra.value
                guard viaCH.value == want else { return "the hierarchy's parts differ from Dijkstra's" }
                let parts = viaCH.value.reduce(0) { $0 + $1.count }
                note("route.isochrone.andorra: \(isochroneOrigins) origins, \(Int(isochroneSeconds)) s, "
                     + "\(parts / isochroneOrigins) parts each on average, equal to Dijkstra's")
                return nil
            }),
            BenchCase(name: "route.isochrone.outline.andorra", n: isochroneOrigins, baseline: "route.isochrone.dijkstra.andorra",
                      setUp: { _ = ctx.pairs }, run: {
                let router = try! RoadRouter(graph: ctx.graph)
                areas.value = ctx.pairs.prefix(isochroneOrigins).map { a, _ in
                    try! router.isochrone(from: a.input, within: .seconds(isochroneSeconds), workspace: ctx.workspace)
                }
            }, check: {
                let rings = areas.value.reduce(0) { $0 + $1.outline.reduce(0) { $0 + $1.count } }
                guard rings >= isochroneOrigins else { return "\(rings) rings for \(isochroneOrigins) isochrones" }
                return nil
            }),
        ]
    }
}
