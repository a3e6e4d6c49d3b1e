import GeoKernel

// Section "batch kernels" of include/geokernel.h.

/// Builds the strided view of a C caller's latitude and longitude arrays.
func columns(
    _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?, _ count: UInt, _ strideBytes: Int
) throws(GeoKernelError) -> CoordinateColumns {
    try checkedStride(strideBytes)
    let n = try checkedCount(count, strideBytes: strideBytes)
    return CoordinateColumns(
        latitudes: try required(lat, "lat"), longitudes: try required(lon, "lon"),
        count: n, strideBytes: strideBytes)
}

/// A caller's byte mask of `count` entries, seen as Swift Bools (same size; 0 or 1).
func maskBuffer(_ p: UnsafeMutablePointer<UInt8>?, _ count: Int) throws(GeoKernelError)
    -> UnsafeMutableBufferPointer<Bool>
{
    let base = try required(p, "out_mask")
    return UnsafeMutableBufferPointer(
        start: UnsafeMutableRawPointer(base).assumingMemoryBound(to: Bool.self), count: count)
}

/// The C side of a one-to-many distance batch: the caller's strided points, its output
/// array of as many doubles, and the origin, handed to `kernel`.
func distanceBatch(
    _ ctx: OpaquePointer?, _ originLat: Double, _ originLon: Double,
    _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?, _ count: UInt, _ strideBytes: Int,
    _ outM: UnsafeMutablePointer<Double>?,
    _ kernel: (Coordinate, CoordinateColumns, UnsafeMutableBufferPointer<Double>) throws(GeoKernelError) -> Void
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let points = try columns(lat, lon, count, strideBytes)
        let out = UnsafeMutableBufferPointer(start: try required(outM, "out_m"), count: points.count)
        try kernel(try coordinate(originLat, originLon), points, out)
    }
}

@c public func gk_haversine_batch(
    _ ctx: OpaquePointer?, _ centerLat: Double, _ centerLon: Double,
    _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?, _ count: UInt, _ strideBytes: Int,
    _ outM: UnsafeMutablePointer<Double>?
) -> CInt {
    distanceBatch(ctx, centerLat, centerLon, lat, lon, count, strideBytes, outM) { (center, points, out) throws(GeoKernelError) in
        try haversineDistances(from: center, to: points, into: out)
    }
}

@c public func gk_geodesic_distances(
    _ ctx: OpaquePointer?, _ originLat: Double, _ originLon: Double,
    _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?, _ count: UInt, _ strideBytes: Int,
    _ outM: UnsafeMutablePointer<Double>?
) -> CInt {
    distanceBatch(ctx, originLat, originLon, lat, lon, count, strideBytes, outM) { (origin, points, out) throws(GeoKernelError) in
        try Geodesic.wgs84.distances(from: origin, to: points, into: out)
    }
}

@c public func gk_geodesic_destinations(
    _ ctx: OpaquePointer?, _ originLat: Double, _ originLon: Double,
    _ azi: UnsafePointer<Double>?, _ s12: UnsafePointer<Double>?, _ count: UInt,
    _ outLat: UnsafeMutablePointer<Double>?, _ outLon: UnsafeMutablePointer<Double>?,
    _ outAzi2: UnsafeMutablePointer<Double>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let n = try checkedCount(count)
        try Geodesic.wgs84.destinations(
            from: try coordinate(originLat, originLon),
            azimuthsDegrees: UnsafeBufferPointer(start: try required(azi, "azi"), count: n),
            distancesMeters: UnsafeBufferPointer(start: try required(s12, "s12"), count: n),
            latitudes: UnsafeMutableBufferPointer(start: try required(outLat, "out_lat"), count: n),
            longitudes: UnsafeMutableBufferPointer(start: try required(outLon, "out_lon"), count: n),
            finalAzimuths: outAzi2.map { UnsafeMutableBufferPointer(start: $0, count: n) })
    }
}

@c public func gk_circle_contains_batch(
    _ ctx: OpaquePointer?, _ centerLat: Double, _ centerLon: Double, _ radiusM: Double,
    _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?, _ count: UInt, _ strideBytes: Int,
    _ outMask: UnsafeMutablePointer<UInt8>?, _ outInside: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let points = try columns(lat, lon, count, strideBytes)
        let mask = try maskBuffer(outMask, points.count)
        let circle = try Circle(center: try coordinate(centerLat, centerLon), radiusMeters: radiusM)
        let inside = try circle.contains(points, into: mask)
        outInside?.pointee = UInt(inside)
    }
}

/// The object behind a `gk_unitvec *`.
final class UnitVectorBox {
    let buffer: UnitVectorBuffer
    init(_ buffer: UnitVectorBuffer) { self.buffer = buffer }
}

@c public func gk_unitvec_create(
    _ ctx: OpaquePointer?, _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?,
    _ count: UInt, _ strideBytes: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let buffer = try UnitVectorBuffer(try columns(lat, lon, count, strideBytes))
        outHandle.pointee = retainedHandle(UnitVectorBox(buffer))
    }
}

@c public func gk_unitvec_count(_ buf: OpaquePointer?) -> UInt {
    UInt(borrow(buf, as: UnitVectorBox.self)?.buffer.count ?? 0)
}

@c public func gk_unitvec_contains(
    _ ctx: OpaquePointer?, _ buf: OpaquePointer?, _ centerLat: Double, _ centerLon: Double,
    _ radiusM: Double, _ outMask: UnsafeMutablePointer<UInt8>?, _ outInside: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try required(borrow(buf, as: UnitVectorBox.self), "buf")
        let mask = try maskBuffer(outMask, box.buffer.count)
        let circle = try Circle(center: try coordinate(centerLat, centerLon), radiusMeters: radiusM)
        let inside = try box.buffer.contains(in: circle, into: mask)
        outInside?.pointee = UInt(inside)
    }
}

@c public func gk_unitvec_destroy(_ buf: OpaquePointer?) {
    releaseHandle(buf, as: UnitVectorBox.self)
}
