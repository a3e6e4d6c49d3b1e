import GeoKernel
import OpenStreetMap
import Route

// Section "road" of include/geokernel.h, part 1: road graphs, profiles and routers.
// A gk_road_graph * is a retained RoadGraphBox (an immutable graph: any number of routers
// and threads may share it); a gk_router * a retained RouterBox: the RoadRouter, which
// holds its own reference to the graph's arrays (so the graph handle may be destroyed
// first), and one search workspace, so a router is used by one thread at a time.
// Part 2 (RoadRoute.swift): route plans along the network and their steps.

/// The object behind a `gk_road_graph *`.
final class RoadGraphBox: Sendable {
    let graph: RoadGraph
    init(_ graph: RoadGraph) { self.graph = graph }
}

/// The object behind a `gk_router *`: the router and the workspace its queries reuse.
final class RouterBox {
    let router: RoadRouter
    let workspace: RoadGraph.Workspace
    /// `gk_snapped_point.graph_id`: the graph's storage, the same for every router over it.
    let graphID: UInt64
    init(_ router: RoadRouter) {
        self.router = router
        workspace = RoadGraph.Workspace(for: router.graph)
        graphID = UInt64(UInt(bitPattern: ObjectIdentifier(router.graph.storage).hashValue))
    }

    /// A C snapped point as a snap of this router's graph (the graph checks the edge,
    /// segment and offset when it routes); `what` names the argument in errors.
    @inline(__always)
    func snap(_ p: CSnappedPoint, _ what: StaticString) throws(GeoKernelError) -> RoadSnap {
        guard p.graphID == graphID else { throw .invalid("\(what) was snapped on another road graph") }
        let c = Coordinate(uncheckedLatitude: p.lat, longitude: p.lon)
        return RoadSnap(
            input: c, point: c, edge: Int(p.edge), segment: Int(p.segment), offsetMeters: p.offsetM,
            distanceMeters: p.distanceM)
    }
}

/// The C layout of `struct gk_snapped_point`: four doubles, two uint32_t, one uint64_t,
/// in this order (48 bytes; Swift lays out these fields as C does).
struct CSnappedPoint {
    var lat: Double, lon: Double, distanceM: Double, offsetM: Double
    var edge: UInt32, segment: UInt32
    var graphID: UInt64
}

func roadGraphBox(_ graph: OpaquePointer?) throws(GeoKernelError) -> RoadGraphBox {
    try required(borrow(graph, as: RoadGraphBox.self), "graph")
}

func routerBox(_ router: OpaquePointer?) throws(GeoKernelError) -> RouterBox {
    try required(borrow(router, as: RouterBox.self), "router")
}

@c public func gk_road_graph_build_osm(
    _ ctx: OpaquePointer?, _ osmPath: UnsafePointer<CChar>?, _ profile: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let path = try cString(osmPath, "osm_path")
        let routing = try RoutingProfile(argument: try cString(profile, "profile"))
        let (network, _) = try RoadNetworkBuilder.build(osmFile: path, profile: routing)
        outHandle.pointee = retainedHandle(RoadGraphBox(try RoadGraph(network)))
    }
}

@c public func gk_road_graph_save(
    _ ctx: OpaquePointer?, _ graph: OpaquePointer?, _ path: UnsafePointer<CChar>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try roadGraphBox(graph)
        try box.graph.save(to: try cString(path, "path"))
    }
}

@c public func gk_road_graph_load(
    _ ctx: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        outHandle.pointee = retainedHandle(RoadGraphBox(try RoadGraph(contentsOf: try cString(path, "path"))))
    }
}

@c public func gk_road_graph_destroy(_ graph: OpaquePointer?) {
    releaseHandle(graph, as: RoadGraphBox.self)
}

@c public func gk_road_graph_info(
    _ ctx: OpaquePointer?, _ graph: OpaquePointer?, _ outNodes: UnsafeMutablePointer<UInt>?,
    _ outEdges: UnsafeMutablePointer<UInt>?, _ outDroppedNodes: UnsafeMutablePointer<UInt>?,
    _ outDroppedEdges: UnsafeMutablePointer<UInt>?, _ outBytes: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let g = try roadGraphBox(graph).graph
        let report = g.report
        outNodes?.pointee = UInt(g.nodeCount)
        outEdges?.pointee = UInt(g.edgeCount)
        outDroppedNodes?.pointee = UInt(report.droppedNodes)
        outDroppedEdges?.pointee = UInt(report.droppedEdges)
        outBytes?.pointee = UInt(g.byteCount)
    }
}

@c public func gk_profile_json(
    _ ctx: OpaquePointer?, _ name: UnsafePointer<CChar>?,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ outLen: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let text = try cString(name, "name")
        guard let profile = RoutingProfile.builtIn(named: text) else {
            throw .invalid("no built-in routing profile \"\(text)\": use \"car\", \"bicycle\" or \"foot\"")
        }
        try deliver(profile.json, to: buf, capacity: capacity, outLen: outLen)
    }
}

@c public func gk_router_create(
    _ ctx: OpaquePointer?, _ graph: OpaquePointer?, _ metric: CInt, _ mode: CInt, _ maxSnapM: Double,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let g = try roadGraphBox(graph).graph
        let router = try RoadRouter(
            graph: g, metric: try RoadMetric(cValue: metric), mode: try RoadRouter.Mode(cValue: mode), maxSnapDistanceMeters: maxSnapM)
        outHandle.pointee = retainedHandle(RouterBox(router))
    }
}

@c public func gk_router_destroy(_ router: OpaquePointer?) {
    releaseHandle(router, as: RouterBox.self)
}

@c public func gk_router_snap(
    _ ctx: OpaquePointer?, _ router: OpaquePointer?, _ lat: Double, _ lon: Double,
    _ outLat: UnsafeMutablePointer<Double>?, _ outLon: UnsafeMutablePointer<Double>?,
    _ outDistanceM: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try routerBox(router)
        let snap = try box.router.snap(try coordinate(lat, lon))
        store(snap.point.latitude, outLat)
        store(snap.point.longitude, outLon)
        store(snap.distanceMeters, outDistanceM)
    }
}

@c public func gk_router_snap_point(
    _ ctx: OpaquePointer?, _ router: OpaquePointer?, _ lat: Double, _ lon: Double, _ role: CInt,
    _ out: UnsafeMutableRawPointer?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try routerBox(router)
        let dst = try required(out, "out")
        guard let r = UInt8(exactly: role).flatMap(SnapRole.init(rawValue:)) else {
            throw .invalid("role \(role) is not one of GK_SNAP_ANY, GK_SNAP_START, GK_SNAP_END, GK_SNAP_VIA")
        }
        let s = try box.router.snap(try coordinate(lat, lon), role: r)
        dst.storeBytes(
            of: CSnappedPoint(
                lat: s.point.latitude, lon: s.point.longitude, distanceM: s.distanceMeters, offsetM: s.offsetMeters,
                edge: UInt32(s.edge), segment: UInt32(s.segment), graphID: box.graphID),
            as: CSnappedPoint.self)
    }
}

@c public func gk_router_cost(
    _ ctx: OpaquePointer?, _ router: OpaquePointer?, _ from: UnsafeRawPointer?, _ to: UnsafeRawPointer?,
    _ outCost: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try routerBox(router)
        let a = try box.snap(try required(from, "from").loadUnaligned(as: CSnappedPoint.self), "from")
        let b = try box.snap(try required(to, "to").loadUnaligned(as: CSnappedPoint.self), "to")
        let out = try required(outCost, "out_cost")
        out.pointee = .infinity
        out.pointee = try box.router.graph.cost(
            from: a, to: b, metric: box.router.metric, algorithm: .contractionHierarchy, workspace: box.workspace)
    }
}

@c public func gk_router_matrix(
    _ ctx: OpaquePointer?, _ router: OpaquePointer?,
    _ srcLat: UnsafePointer<Double>?, _ srcLon: UnsafePointer<Double>?, _ srcCount: UInt, _ srcStrideBytes: Int,
    _ dstLat: UnsafePointer<Double>?, _ dstLon: UnsafePointer<Double>?, _ dstCount: UInt, _ dstStrideBytes: Int,
    _ outCosts: UnsafeMutablePointer<Double>?, _ capacity: UInt
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try routerBox(router)
        let sources = try roadPoints(srcLat, srcLon, srcCount, srcStrideBytes, "source")
        let targets = try roadPoints(dstLat, dstLon, dstCount, dstStrideBytes, "target")
        let (cells, overflow) = UInt(sources.count).multipliedReportingOverflow(by: UInt(targets.count))
        guard !overflow, cells <= capacity else {
            throw GeoKernelError(
                .bufferTooSmall,
                "out_costs holds \(capacity) entries; \(srcCount) × \(dstCount) are needed")
        }
        guard cells > 0 else { return }
        let dst = try required(outCosts, "out_costs")
        let costs = try box.router.matrix(from: sources, to: targets, workspace: box.workspace)
        guard UInt(costs.count) == cells else {
            throw GeoKernelError(.internal, "the matrix has \(costs.count) cells, expected \(cells)")
        }
        for (i, c) in costs.enumerated() { dst[i] = c ?? .infinity }
    }
}

/// Matrix points: strided columns as validated coordinates, the error naming the side.
fileprivate func roadPoints(
    _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?, _ count: UInt, _ strideBytes: Int, _ side: String
) throws(GeoKernelError) -> [Coordinate] {
    do {
        return try routeGatherCoordinates(lat, lon, count, strideBytes)
    } catch {
        throw GeoKernelError(error.code, "\(side) \(error.message)")
    }
}
