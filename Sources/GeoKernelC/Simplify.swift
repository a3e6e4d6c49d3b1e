import CGeoKernelHeader
import GeoKernel

// Section "simplification" of include/geokernel.h: Douglas–Peucker through the C ABI.


/// Copies `count` doubles read every `strideBytes` bytes from `p` into an array.
fileprivate func dpGatherStrided(_ p: UnsafePointer<Double>, _ count: Int, _ strideBytes: Int) -> [Double] {
    let raw = UnsafeRawPointer(p)
    return [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
        for i in 0..<count { buffer[i] = raw.load(fromByteOffset: i * strideBytes, as: Double.self) }
        initialized = count
    }
}

/// Two strided C columns as arrays; NULL pointers are allowed only for count 0.
fileprivate func dpGatherColumns(
    _ a: UnsafePointer<Double>?, _ b: UnsafePointer<Double>?, _ count: UInt, _ strideBytes: Int,
    _ names: (StaticString, StaticString)
) throws(GeoKernelError) -> ([Double], [Double]) {
    try checkedStride(strideBytes)
    let n = try checkedCount(count, strideBytes: strideBytes)
    if n == 0 { return ([], []) }
    let pa = try required(a, names.0), pb = try required(b, names.1)
    return (dpGatherStrided(pa, n, strideBytes), dpGatherStrided(pb, n, strideBytes))
}

/// Strided latitude and longitude columns as validated coordinates; the error names the
/// first bad vertex.
func routeGatherCoordinates(
    _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?, _ count: UInt, _ strideBytes: Int
) throws(GeoKernelError) -> [Coordinate] {
    let (lats, lons) = try dpGatherColumns(lat, lon, count, strideBytes, ("lat", "lon"))
    var out: [Coordinate] = []
    out.reserveCapacity(lats.count)
    for i in lats.indices {
        do {
            out.append(try Coordinate(latitude: lats[i], longitude: lons[i]))
        } catch {
            throw GeoKernelError(error.code, "point \(i): \(error.message)")
        }
    }
    return out
}

fileprivate func simplifyOptions(_ flags: CInt) throws(GeoKernelError) -> DouglasPeucker.Options {
    guard flags & ~GK_SIMPLIFY_RADIAL_PREPASS == 0 else {
        throw .invalid("flags \(flags): only GK_SIMPLIFY_RADIAL_PREPASS (1) is defined")
    }
    return DouglasPeucker.Options(radialPrePass: flags & GK_SIMPLIFY_RADIAL_PREPASS != 0)
}

@c public func gk_simplify_planar(
    _ ctx: OpaquePointer?, _ x: UnsafePointer<Double>?, _ y: UnsafePointer<Double>?, _ count: UInt,
    _ strideBytes: Int, _ tolerance: Double, _ flags: CInt,
    _ outIndices: UnsafeMutablePointer<UInt>?, _ capacity: UInt, _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let countOut = try required(outCount, "out_count")
        let options = try simplifyOptions(flags)
        try checkedStride(strideBytes)
        let n = try checkedCount(count, strideBytes: strideBytes)
        // Every buffer that grows with the line comes from CheckedAllocation: a line too
        // large for memory is GK_ERR_OUT_OF_MEMORY (allocated before the input is read).
        let columns = try CheckedAllocation.allocate(Double.self, count: 2 * n, "a copy of \(n) vertices")
        defer { CheckedAllocation.release(columns) }
        if n > 0 {
            let px = UnsafeRawPointer(try required(x, "x")), py = UnsafeRawPointer(try required(y, "y"))
            for i in 0..<n {
                columns[i] = px.load(fromByteOffset: i * strideBytes, as: Double.self)
                columns[n + i] = py.load(fromByteOffset: i * strideBytes, as: Double.self)
            }
        }
        try DouglasPeucker.withKeptFlags(
            x: UnsafeBufferPointer(start: columns, count: n), y: UnsafeBufferPointer(start: columns + n, count: n),
            tolerance: tolerance, options: options
        ) { (keep, kept) throws(GeoKernelError) in
            var next = 0
            try deliver(count: kept, capacity: capacity, outCount: countOut, "out_indices",
                        requiring: [(UnsafeRawPointer(outIndices), "out_indices")]) { j in
                while !keep[next] { next += 1 }
                outIndices![j] = UInt(next)
                next += 1
            }
        }
    }
}

@c public func gk_simplify_geographic(
    _ ctx: OpaquePointer?, _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?, _ count: UInt,
    _ strideBytes: Int, _ toleranceM: Double, _ flags: CInt,
    _ outIndices: UnsafeMutablePointer<UInt>?, _ capacity: UInt, _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        _ = try required(outCount, "out_count")
        let options = try simplifyOptions(flags)
        let line = try routeGatherCoordinates(lat, lon, count, strideBytes)
        let result = try DouglasPeucker.simplify(line, toleranceMeters: toleranceM, options: options)
        try deliver(result.keptIndices.map { UInt($0) }, to: outIndices, "out_indices", capacity: capacity, outCount: outCount)
    }
}
