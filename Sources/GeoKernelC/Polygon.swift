import CGeoKernelHeader
import GeoKernel

// Section "polygon" of include/geokernel.h. A gk_polygon * is a retained PreparedPolygon.

/// The polygons of `gk_polygon_create`'s arrays: rings cut from the vertex columns by
/// `ring_lengths`, grouped into polygons by `polygon_ring_counts`.
private func polygons(
    _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?, _ vertexCount: UInt,
    _ ringLengths: UnsafePointer<UInt>?, _ ringCount: UInt,
    _ polygonRingCounts: UnsafePointer<UInt>?, _ polygonCount: UInt
) throws(GeoKernelError) -> [Polygon] {
    let vertices = try checkedCount(vertexCount)
    let la = try required(lat, "lat"), lo = try required(lon, "lon")
    // The prepared polygon's peak, measured under 500 bytes a vertex (the rings, the
    // unwrapped vertices and a grid of up to 16 cells an edge), asked for before any work.
    try CheckedAllocation.requireHeadroom(
        CheckedAllocation.peakEstimate(inputBytes: vertices.multipliedReportingOverflow(by: 16).partialValue, factor: 48),
        "a polygon of \(vertices) vertices")
    let rings = try checkedCount(ringCount)
    guard rings > 0 else { throw .invalid("ring_count is 0: a polygon needs at least one ring") }
    let lengths = UnsafeBufferPointer(start: try required(ringLengths, "ring_lengths"), count: rings)
    var groups: [Int] = [rings]
    if polygonCount > 0 || polygonRingCounts != nil {
        let n = try checkedCount(polygonCount)
        let counts = UnsafeBufferPointer(start: try required(polygonRingCounts, "polygon_ring_counts"), count: n)
        guard n > 0 else { throw .invalid("polygon_count is 0 with polygon_ring_counts given") }
        groups = []
        var sum: UInt = 0
        for (k, c) in counts.enumerated() {
            guard c >= 1 else { throw .invalid("polygon_ring_counts[\(k)] is 0: a polygon needs its outer ring") }
            sum = sum.addingReportingOverflow(c).overflow ? UInt.max : sum + c
            groups.append(Int(min(c, UInt(Int.max))))
        }
        guard sum == UInt(rings) else {
            throw .invalid("polygon_ring_counts add up to \(sum) rings but ring_count is \(rings)")
        }
    }
    var total: UInt = 0
    for (r, l) in lengths.enumerated() {
        total = total.addingReportingOverflow(l).overflow ? UInt.max : total + l
        guard total <= UInt(vertices) else {
            throw .invalid("ring_lengths add up to more than vertex_count \(vertices) (at ring \(r))")
        }
    }
    guard total == UInt(vertices) else {
        throw .invalid("ring_lengths add up to \(total) vertices but vertex_count is \(vertices)")
    }
    guard vertices <= Polygon.maximumVertexCount else {
        throw .invalid("\(vertices) vertices: a polygon set may have at most \(Polygon.maximumVertexCount)")
    }
    var out: [Polygon] = []
    var ring = 0, vertex = 0
    for (k, g) in groups.enumerated() {
        var rs: [[Coordinate]] = []
        for _ in 0..<g {
            let n = Int(lengths[ring])
            var cs: [Coordinate] = []
            cs.reserveCapacity(n)
            for v in vertex..<(vertex + n) {
                do throws(GeoKernelError) { cs.append(try coordinate(la[v], lo[v])) } catch {
                    throw .invalid("vertex \(v) (ring \(ring)): \(error.message)")
                }
            }
            rs.append(cs)
            vertex += n
            ring += 1
        }
        do throws(GeoKernelError) { out.append(try Polygon(rings: rs)) } catch {
            throw .invalid(groups.count > 1 ? "polygon \(k): \(error.message)" : error.message)
        }
    }
    return out
}

@c public func gk_polygon_create(
    _ ctx: OpaquePointer?, _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?, _ vertexCount: UInt,
    _ ringLengths: UnsafePointer<UInt>?, _ ringCount: UInt,
    _ polygonRingCounts: UnsafePointer<UInt>?, _ polygonCount: UInt, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let shape = try PreparedPolygon(
            try polygons(lat, lon, vertexCount, ringLengths, ringCount, polygonRingCounts, polygonCount))
        outHandle.pointee = retainedHandle(shape)
    }
}

@c public func gk_polygon_locate(
    _ ctx: OpaquePointer?, _ p: OpaquePointer?, _ lat: Double, _ lon: Double, _ outLocation: UnsafeMutablePointer<CInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let shape = try required(borrow(p, as: PreparedPolygon.self), "p")
        let out = try required(outLocation, "out_location")
        out.pointee = shape.location(of: try coordinate(lat, lon)).rawValue
    }
}

@c public func gk_polygon_contains(
    _ ctx: OpaquePointer?, _ p: OpaquePointer?, _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?,
    _ count: UInt, _ strideBytes: Int, _ outMask: UnsafeMutablePointer<UInt8>?, _ outInside: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let shape = try required(borrow(p, as: PreparedPolygon.self), "p")
        let points = try columns(lat, lon, count, strideBytes)
        let inside = try shape.contains(points, into: try maskBuffer(outMask, points.count))
        outInside?.pointee = UInt(inside)
    }
}

@c public func gk_polygon_boundary_distance(
    _ ctx: OpaquePointer?, _ p: OpaquePointer?, _ lat: Double, _ lon: Double, _ outM: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let shape = try required(borrow(p, as: PreparedPolygon.self), "p")
        let out = try required(outM, "out_m")
        out.pointee = shape.boundaryDistanceMeters(from: try coordinate(lat, lon))
    }
}

@c public func gk_polygon_destroy(_ p: OpaquePointer?) {
    releaseHandle(p, as: PreparedPolygon.self)
}
