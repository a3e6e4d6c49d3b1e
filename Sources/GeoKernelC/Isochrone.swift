import GeoKernel
import Route

// Section "road" of include/geokernel.h, part 3: isochrones. A gk_isochrone * is a
// retained IsochroneBox: the RoadIsochrone, immutable (any thread may read it), holding
// its own reference to the graph.

/// The object behind a `gk_isochrone *`.
final class IsochroneBox: Sendable {
    let area: RoadIsochrone
    init(_ area: RoadIsochrone) { self.area = area }
}

func isochroneBox(_ iso: OpaquePointer?) throws(GeoKernelError) -> IsochroneBox {
    try required(borrow(iso, as: IsochroneBox.self), "iso")
}

/// The C layout of `struct gk_reach_part`: four doubles, one uint32_t, four uint8_t
/// (40 bytes; Swift lays out these fields as C does).
struct CReachPart {
    var startOffsetM: Double, endOffsetM: Double, startCost: Double, endCost: Double
    var edge: UInt32
    var forward: UInt8, reachesEnd: UInt8, startsAtOrigin: UInt8, reserved: UInt8
}

@c public func gk_router_isochrone(
    _ ctx: OpaquePointer?, _ router: OpaquePointer?, _ lat: Double, _ lon: Double, _ limitKind: CInt, _ limit: Double,
    _ cellM: Double, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let box = try routerBox(router)
        let bound: RoadIsochrone.Limit
        switch limitKind {
        case 0: bound = .seconds(limit)
        case 1: bound = .meters(limit)
        default: throw .invalid("limit_kind \(limitKind) is not GK_LIMIT_SECONDS or GK_LIMIT_METERS")
        }
        guard cellM == 0 || (cellM >= 1 && cellM.isFinite) else {
            throw .invalid("cell_m \(cellM) must be 0 (the default) or at least 1 and finite")
        }
        let area = try box.router.isochrone(
            from: try coordinate(lat, lon), within: bound, cellMeters: cellM == 0 ? nil : cellM, workspace: box.workspace)
        outHandle.pointee = retainedHandle(IsochroneBox(area))
    }
}

@c public func gk_isochrone_destroy(_ iso: OpaquePointer?) {
    releaseHandle(iso, as: IsochroneBox.self)
}

@c public func gk_isochrone_parts(
    _ ctx: OpaquePointer?, _ iso: OpaquePointer?, _ out: UnsafeMutableRawPointer?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let parts = try isochroneBox(iso).area.parts
        try deliver(count: parts.count, capacity: capacity, outCount: outCount, "the isochrone's parts",
                    requiring: [(UnsafeRawPointer(out), "out")]) { i in
            let p = parts[i]
            out!.storeBytes(
                of: CReachPart(
                    startOffsetM: p.startOffsetMeters, endOffsetM: p.endOffsetMeters, startCost: p.startCost,
                    endCost: p.endCost, edge: UInt32(p.edge), forward: p.forward ? 1 : 0, reachesEnd: p.reachesEnd ? 1 : 0,
                    startsAtOrigin: p.startsAtOrigin ? 1 : 0, reserved: 0),
                toByteOffset: i * MemoryLayout<CReachPart>.stride, as: CReachPart.self)
        }
    }
}

@c public func gk_isochrone_part_geometry(
    _ ctx: OpaquePointer?, _ iso: OpaquePointer?, _ index: UInt,
    _ outLat: UnsafeMutablePointer<Double>?, _ outLon: UnsafeMutablePointer<Double>?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let area = try isochroneBox(iso).area
        guard index < UInt(area.parts.count) else {
            throw GeoKernelError(.notFound, "part index \(index) is past the last one (the isochrone has \(area.parts.count))")
        }
        try deliverCoordinates(area.geometry(ofPart: Int(index)), outLat, outLon, capacity, outCount, "part \(index)")
    }
}

@c public func gk_isochrone_ring_count(_ iso: OpaquePointer?) -> UInt {
    UInt(borrow(iso, as: IsochroneBox.self)?.area.outline.reduce(0) { $0 + $1.count } ?? 0)
}

@c public func gk_isochrone_ring(
    _ ctx: OpaquePointer?, _ iso: OpaquePointer?, _ index: UInt,
    _ outLat: UnsafeMutablePointer<Double>?, _ outLon: UnsafeMutablePointer<Double>?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?, _ outPolygon: UnsafeMutablePointer<UInt>?,
    _ outIsHole: UnsafeMutablePointer<CInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outline = try isochroneBox(iso).area.outline
        var k = index
        for (p, polygon) in outline.enumerated() {
            if k < UInt(polygon.count) {
                try deliverCoordinates(polygon[Int(k)], outLat, outLon, capacity, outCount, "ring \(index)")
                outPolygon?.pointee = UInt(p)
                outIsHole?.pointee = k > 0 ? 1 : 0
                return
            }
            k -= UInt(polygon.count)
        }
        throw GeoKernelError(.notFound, "ring index \(index) is past the last one (the outline has \(index - k))")
    }
}

@c public func gk_isochrone_geojson(
    _ ctx: OpaquePointer?, _ iso: OpaquePointer?, _ withParts: CInt,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ outLen: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        try deliver(try isochroneBox(iso).area.geoJSON(parts: withParts != 0), to: buf, capacity: capacity, outLen: outLen)
    }
}
