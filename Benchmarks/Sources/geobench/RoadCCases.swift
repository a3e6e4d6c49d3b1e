import Foundation
import GeoKernel

extension RoadCases {
    /// The one-to-one query from C and snapping, on the pairs of `route.ch.andorra`:
    /// - `route.snap.andorra`: `RoadGraph.snap(_:maxDistanceMeters:role:)` of both points
    ///   of every pair (n = 2 000 points), as a route's start and end.
    /// - `route.c.andorra`: `gk_router_cost` between points snapped once with
    ///   `gk_router_snap_point`, through the staged `libgeokernel.so` loaded with `dlopen`
    ///   (what a C program calls), beside `route.ch.andorra` (the same query in Swift):
    ///   the difference is the C boundary's fixed cost per call. Every cost must equal
    ///   Swift's. The library is `$GEOKERNEL_LIBRARY`, else `.build/c/lib/libgeokernel.so`
    ///   (`make lib`); without it the case is skipped with a note.
    static func cCases(_ ctx: Context) -> [BenchCase] {
        var cases: [BenchCase] = []
        let snapped = Box(0)
        cases.append(BenchCase(name: "route.snap.andorra", n: 2 * pairCount, baseline: nil, setUp: { _ = ctx.pairs }, run: {
            let g = ctx.graph
            var n = 0
            for (a, b) in ctx.pairs {
                n &+= (try! g.snap(a.input, maxDistanceMeters: maxSnapMeters, role: .start)).edge
                n &+= (try! g.snap(b.input, maxDistanceMeters: maxSnapMeters, role: .end)).edge
            }
            snapped.value = n
        }, check: {
            for (a, b) in ctx.pairs.prefix(100) {
                guard try! ctx.graph.snap(a.input, maxDistanceMeters: maxSnapMeters, role: .start) == a,
                    try! ctx.graph.snap(b.input, maxDistanceMeters: maxSnapMeters, role: .end) == b
                else { return "a snap differs from the pair's" }
            }
            return nil
        }))
        let c = Box<CRouter?>(nil), costs = Box<[Double]>([])
        cases.append(BenchCase(name: "route.c.andorra", n: pairCount, baseline: "route.ch.andorra", setUp: {
            if c.value == nil { c.value = CRouter(ctx) }
        }, run: {
            guard let r = c.value else { return }
            costs.value = r.costs()
        }, check: {
            guard let r = c.value else {
                note("route.c.andorra: skipped (no libgeokernel.so: run `make lib` or set GEOKERNEL_LIBRARY)")
                return nil
            }
            if let problem = r.problem { return problem }
            let want = ctx.costs(.shortest)
            for i in want.indices where costs.value[i] != want[i] {
                return "pair \(i): C cost \(costs.value[i]), Swift \(want[i])"
            }
            note("route.c.andorra: \(r.path): \(want.count) costs equal to Swift's")
            return nil
        }))
        return cases
    }

    /// The C ABI of a staged `libgeokernel.so`, opened with `dlopen`: a router over the
    /// Andorra car graph (built through C from the same file) and the pairs snapped once.
    final class CRouter: @unchecked Sendable {
        typealias CostFn = @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeRawPointer?, UnsafeRawPointer?,
                                           UnsafeMutablePointer<Double>?) -> CInt
        let path: String
        let cost: CostFn
        let context: OpaquePointer?, router: OpaquePointer?
        /// The snapped points, 48 bytes each (`gk_snapped_point`), sources and targets.
        let points: UnsafeMutableRawPointer
        var problem: String?

        init?(_ ctx: Context) {
            let env = ProcessInfo.processInfo.environment["GEOKERNEL_LIBRARY"]
            path = env ?? FileManager.default.currentDirectoryPath + "/.build/c/lib/libgeokernel.so"
            guard let lib = dlopen(path, RTLD_NOW | RTLD_LOCAL) else { return nil }
            func fn<T>(_ name: String, _ type: T.Type) -> T? {
                dlsym(lib, name).map { unsafeBitCast($0, to: type) }
            }
            typealias CreateCtx = @convention(c) () -> OpaquePointer?
            typealias Build = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                                              UnsafeMutablePointer<OpaquePointer?>?) -> CInt
            typealias Router = @convention(c) (OpaquePointer?, OpaquePointer?, CInt, CInt, Double,
                                               UnsafeMutablePointer<OpaquePointer?>?) -> CInt
            typealias Snap = @convention(c) (OpaquePointer?, OpaquePointer?, Double, Double, CInt, UnsafeMutableRawPointer?) -> CInt
            guard let createCtx = fn("gk_context_create", CreateCtx.self), let build = fn("gk_road_graph_build_osm", Build.self),
                let makeRouter = fn("gk_router_create", Router.self), let snap = fn("gk_router_snap_point", Snap.self),
                let cost = fn("gk_router_cost", CostFn.self)
            else { return nil }
            self.cost = cost
            context = createCtx()
            var graph: OpaquePointer?, router: OpaquePointer?
            points = .allocate(byteCount: 2 * 48 * pairCount, alignment: 8)
            if build(context, ctx.pbf, "car", &graph) != 0 { problem = "gk_road_graph_build_osm failed" }
            // GK_METRIC_SHORTEST (1), GK_MODE_DRIVING (0): the metric of route.ch.andorra.
            if problem == nil && makeRouter(context, graph, 1, 0, maxSnapMeters, &router) != 0 { problem = "gk_router_create failed" }
            self.router = router
            for (i, (a, b)) in ctx.pairs.enumerated() where problem == nil {
                // GK_SNAP_START (1) and GK_SNAP_END (2), as the Swift pairs.
                if snap(context, router, a.input.latitude, a.input.longitude, 1, points + 96 * i) != 0
                    || snap(context, router, b.input.latitude, b.input.longitude, 2, points + 96 * i + 48) != 0 {
                    problem = "gk_router_snap_point failed for pair \(i)"
                }
            }
        }

        /// One `gk_router_cost` per pair.
        func costs() -> [Double] {
            var out = [Double](repeating: .nan, count: pairCount)
            var c = 0.0
            for i in 0..<pairCount {
                _ = cost(context, router, points + 96 * i, points + 96 * i + 48, &c)
                out[i] = c
            }
            return out
        }
    }
}
