import CSIMDShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Haversine distances in metres from `center` to every point of `points` (degrees),
/// written to `distances[0 ..< points.count]`, on the sphere of `radiusMeters` (default
/// the mean Earth radius R = 6 371 008.8 m, `EarthModel.meanRadiusMeters`). SIMD.
///
/// Each result agrees with the scalar `haversineDistance(center, point, radiusMeters:)`
/// (libm sin/cos/asin, same order of operations, `center` as the first point) to 4e-15
/// relative below 19 000 km (measured maximum 2.6e-15 on 3.6 million seeded points with
/// poles, antimeridian, antipodes and coincident points; exactly 0 for coincident
/// points). Beyond 19 000 km, near the antipode, the haversine formula is ill-conditioned
/// (one ulp of h moves the distance by up to 1e-8 relative) and the two agree to about
/// 1e-8. Longitudes need not be normalised.
///
/// - Parameters:
///   - center: the first point of every pair.
///   - points: latitudes in [-90, 90] and longitudes in [-180, 180], degrees.
///   - distances: output, at least `points.count` elements.
///   - radiusMeters: sphere radius in metres, finite and ≥ 0.
/// - Throws: `.invalidArgument` when `points.count` is negative, `distances` is shorter
///   than `points.count`, the radius is negative or not finite, or a point is out of range
///   or not finite (the message names the first such point and its value). Points are
///   checked as they are processed: after a throw, `distances` holds results for some
///   points before the bad one and is otherwise unspecified.
/// - Complexity: O(n). On a CPU with AVX2 the kernel runs as its AVX2 twin
///   (CSIMDShim_haversine_avx2, chosen at run time; the library itself stays baseline
///   x86-64), which gives the same bits (timings beside the scalar libm loop:
///   `haversine.*` in the benchmark table). Uses 1.5 KB of stack.
/// - Thread safety: a pure function; safe to call from several threads at once (shared
///   input, distinct outputs).
/// - C twin: `gk_haversine_batch`.
public func haversineDistances(
    from center: Coordinate, to points: CoordinateColumns,
    into distances: UnsafeMutableBufferPointer<Double>,
    radiusMeters: Double = EarthModel.meanRadiusMeters
) throws(GeoKernelError) {
    try BatchValidation.checkCount(points.count)
    try BatchValidation.checkRadius(radiusMeters, "sphere radius")
    try BatchValidation.checkOutput(distances.count, points.count, "distances buffer")
    try haversineDistances(
        from: center, to: points, into: distances, radiusMeters: radiusMeters, path: .fastest)
}

/// The same as `haversineDistances(from:to:into:radiusMeters:)` on a chosen kernel path,
/// for the tests that prove the paths give the same bits and the same errors.
///
/// - Throws: as `haversineDistances(from:to:into:radiusMeters:)`.
/// - Complexity: O(n). Thread safety: a pure function.
/// - C twin: none (`gk_haversine_batch` always takes `.fastest`).
package func haversineDistances(
    from center: Coordinate, to points: CoordinateColumns,
    into distances: UnsafeMutableBufferPointer<Double>,
    radiusMeters: Double, path: HaversineKernelPath
) throws(GeoKernelError) {
    try BatchValidation.checkCount(points.count)
    try BatchValidation.checkRadius(radiusMeters, "sphere radius")
    try BatchValidation.checkOutput(distances.count, points.count, "distances buffer")
    guard points.count > 0, let out = distances.baseAddress else { return }
    let kernel = HaversineKernel(center: center, radiusMeters: radiusMeters)
    if path != .baseline, HaversineKernel.avx2Available {
        try kernel.runAVX2(points, out)
        return
    }
    switch points.layout {
    case .columns: try kernel.run(ColumnLoader(points), points, out)
    case .interleaved: try kernel.run(InterleavedLoader(points), points, out)
    case .strided: try kernel.run(StridedLoader(points), points, out)
    }
}

/// Haversine distances in metres from `center` to the points
/// (`latitudes[i]`, `longitudes[i]`) in degrees. SIMD; see
/// `haversineDistances(from:to:into:radiusMeters:)` for accuracy.
///
/// - Parameters:
///   - center: the point distances are measured from.
///   - latitudes: the points' latitudes, degrees.
///   - longitudes: the points' longitudes, degrees (as many as latitudes).
///   - radiusMeters: sphere radius in metres; default 6 371 008.8 m.
/// - Returns: one distance per point, in metres.
/// - Throws: `.invalidArgument` when the arrays differ in length, the radius is negative
///   or not finite, or a point is out of range or not finite (naming its index and value).
/// - Complexity: O(n). Thread safety: a pure function.
/// - C twin: `gk_haversine_batch`.
public func haversineDistances(
    from center: Coordinate, latitudes: [Double], longitudes: [Double],
    radiusMeters: Double = EarthModel.meanRadiusMeters
) throws(GeoKernelError) -> [Double] {
    try BatchValidation.checkLengths(latitudes.count, longitudes.count)
    return try latitudes.withUnsafeBufferPointer { (la) throws(GeoKernelError) -> [Double] in
        try longitudes.withUnsafeBufferPointer { (lo) throws(GeoKernelError) -> [Double] in
            try batchDistances(center, la.baseAddress, lo.baseAddress, la.count, 8, radiusMeters)
        }
    }
}

/// Haversine distances in metres from `center` to points given as interleaved degrees
/// `[lat0, lon0, lat1, lon1, …]`. SIMD; see `haversineDistances(from:to:into:radiusMeters:)`.
///
/// - Parameters:
///   - center: the point distances are measured from.
///   - interleaved: latitude and longitude of each point in turn, degrees.
///   - radiusMeters: sphere radius in metres; default 6 371 008.8 m.
/// - Returns: `interleaved.count / 2` distances in metres.
/// - Throws: `.invalidArgument` when the array has odd length, the radius is negative
///   or not finite, or a point is out of range or not finite (naming its index and value).
/// - Complexity: O(n). Thread safety: a pure function.
/// - C twin: `gk_haversine_batch` with `lon = lat + 1` and `stride_bytes` 16.
public func haversineDistances(
    from center: Coordinate, interleaved: [Double],
    radiusMeters: Double = EarthModel.meanRadiusMeters
) throws(GeoKernelError) -> [Double] {
    try BatchValidation.checkInterleaved(interleaved.count)
    return try interleaved.withUnsafeBufferPointer { (p) throws(GeoKernelError) -> [Double] in
        try batchDistances(
            center, p.baseAddress, p.baseAddress.map { $0 + 1 }, p.count / 2, 16, radiusMeters)
    }
}

/// The array front ends: allocates the result and runs the kernel.
private func batchDistances(
    _ center: Coordinate, _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?,
    _ n: Int, _ strideBytes: Int, _ radiusMeters: Double
) throws(GeoKernelError) -> [Double] {
    try BatchValidation.checkRadius(radiusMeters, "sphere radius")
    guard n > 0, let lat, let lon else { return [] }
    let points = CoordinateColumns(latitudes: lat, longitudes: lon, count: n, strideBytes: strideBytes)
    var failure: GeoKernelError?
    let out = [Double](unsafeUninitializedCapacity: n) { buffer, initialized in
        do throws(GeoKernelError) {
            try haversineDistances(from: center, to: points, into: buffer, radiusMeters: radiusMeters)
            initialized = n
        } catch {
            failure = error
            initialized = 0
        }
    }
    if let failure { throw failure }
    return out
}

/// Which implementation of the batch haversine kernel runs (for tests).
package enum HaversineKernelPath: Sendable {
    /// The SIMD4<Double> Swift kernel, as built (baseline x86-64: SSE2).
    case baseline
    /// The AVX2 twin of the kernel (CSIMDShim) when the CPU has AVX2, else `baseline`.
    /// Same bits as `baseline`.
    case fastest
}

extension HaversineKernel {
    /// Whether this CPU runs the AVX2 kernel (CPUID and XGETBV, asked once).
    static let avx2Available: Bool = SIMDMath.vectorLevel >= 1

    /// `run` on the AVX2 twin (CSIMDShim_haversine_avx2) for the whole blocks of four and
    /// the Swift tail for the rest; the same bits and the same errors as `run`.
    func runAVX2(_ points: CoordinateColumns, _ out: UnsafeMutablePointer<Double>) throws(GeoKernelError) {
        let n = points.count
        let whole = n & ~3
        if whole > 0 {
            var params = CSIMDShim_haversine_params(
                lat1: lat1, lon1: lon1, cos_phi1: cosPhi1, radius: radius, k: k, half_k: halfK)
            let layout: CInt
            switch points.layout {
            case .columns: layout = CInt(CSIMDShim_LAYOUT_COLUMNS)
            case .interleaved: layout = CInt(CSIMDShim_LAYOUT_INTERLEAVED)
            case .strided: layout = CInt(CSIMDShim_LAYOUT_STRIDED)
            }
            let done = CSIMDShim_haversine_avx2(
                &params, points.latitudeBase.assumingMemoryBound(to: Double.self),
                points.longitudeBase.assumingMemoryBound(to: Double.self), points.strideBytes, layout,
                whole, out)
            if done != whole { throw BatchValidation.firstError(points, done, 4) }
        }
        if whole < n { try runTail(StridedLoader(points), points, out, whole) }
    }

    /// Distances in metres for `points`, written to `out`. Chunks of `chunk` points go
    /// through the stages of `HaversineKernel` one pass each (reduce, sines, h, metres);
    /// the last `count % 4` points through the fused four-lane path.
    func run<L: PointLoader>(
        _ loader: L, _ points: CoordinateColumns, _ out: UnsafeMutablePointer<Double>
    ) throws(GeoKernelError) {
        let n = points.count
        let whole = n & ~3
        if whole > 0 {
            var failure: GeoKernelError?
            withUnsafeTemporaryAllocation(of: Double.self, capacity: Self.scratchDoubles) { scratch in
                do throws(GeoKernelError) {
                    try runChunks(loader, points, out, whole, UnsafeMutableRawPointer(scratch.baseAddress!))
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
        }
        if whole < n { try runTail(loader, points, out, whole) }
    }

    /// The last `count - whole` (1 to 3) points through the fused four-lane path.
    @inline(__always)
    private func runTail<L: PointLoader>(
        _ loader: L, _ points: CoordinateColumns, _ out: UnsafeMutablePointer<Double>, _ whole: Int
    ) throws(GeoKernelError) {
        let r = points.count - whole
        let p = loader.loadPartial(whole, r)
        guard BatchValidation.allValid(p.lat, p.lon) else {
            throw BatchValidation.firstError(points, whole, r)
        }
        var d = distances(haversine(p.lat, p.lon))
        withUnsafeBytes(of: &d) { bytes in
            UnsafeMutableRawPointer(out + whole).copyMemory(from: bytes.baseAddress!, byteCount: r &* 8)
        }
    }

    @inline(__always)
    private func runChunks<L: PointLoader>(
        _ loader: L, _ points: CoordinateColumns, _ out: UnsafeMutablePointer<Double>, _ whole: Int,
        _ scratch: UnsafeMutableRawPointer
    ) throws(GeoKernelError) {
        let raw = UnsafeMutableRawPointer(out)
        var start = 0
        while start < whole {
            let end = Swift.min(start &+ Self.chunk, whole)
            let slots = (end &- start) &>> 2
            for slot in 0..<slots {
                let i = start &+ slot &* 4
                let p = loader.load4(i)
                guard BatchValidation.allValid(p.lat, p.lon) else {
                    throw BatchValidation.firstError(points, i, 4)
                }
                reduce(p.lat, p.lon, into: scratch, slot: slot)
            }
            Self.sines(scratch, slots: slots)
            for slot in 0..<slots {
                raw.storeBytes(of: haversine(scratch, slot: slot), toByteOffset: (start &+ slot &* 4) &* 8, as: D4.self)
            }
            for slot in 0..<slots {
                let off = (start &+ slot &* 4) &* 8
                let h = raw.loadUnaligned(fromByteOffset: off, as: D4.self)
                raw.storeBytes(of: distances(h), toByteOffset: off, as: D4.self)
            }
            start = end
        }
    }
}
