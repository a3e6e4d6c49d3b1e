#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Circle {
    /// Point-in-circle for every point of `points` (degrees): `mask[i]` is set to whether
    /// point i is inside (boundary included). SIMD, four points per step.
    ///
    /// Decisions are identical to `contains(latitude:longitude:)` (the scalar libm
    /// haversine test) for every point. Most points are decided by a latitude band and a
    /// longitude window (antimeridian- and pole-aware) or an inscribed latitude/longitude
    /// box; the rest by a SIMD haversine compared against the radius with a relative band
    /// of 1e-11 (about 5 000 times the measured error of the SIMD value); points inside
    /// that band, almost never met, are decided by the scalar test itself.
    ///
    /// - Parameters:
    ///   - points: latitudes in [-90, 90] and longitudes in [-180, 180], degrees.
    ///   - mask: output, at least `points.count` elements.
    /// - Returns: the number of points inside.
    /// - Throws: `.invalidArgument` when `points.count` is negative, `mask` is shorter
    ///   than `points.count`, or a point is out of range or not finite (the message names
    ///   the first such point and its value). After a throw `mask` is unspecified.
    /// - Complexity: O(n); about 1 ns per point when most points are far from the circle,
    ///   a few ns per point near it, against about 50 ns for the scalar loop.
    /// - Thread safety: pure; safe from several threads with distinct masks.
    /// - C twin: `gk_circle_contains_batch`.
    public func contains(
        _ points: CoordinateColumns, into mask: UnsafeMutableBufferPointer<Bool>
    ) throws(GeoKernelError) -> Int {
        try BatchValidation.checkCount(points.count)
        try BatchValidation.checkOutput(mask.count, points.count, "mask buffer")
        guard points.count > 0, let out = mask.baseAddress else { return 0 }
        let kernel = CircleKernel(self)
        switch points.layout {
        case .columns: return try kernel.run(ColumnLoader(points), points, out)
        case .interleaved: return try kernel.run(InterleavedLoader(points), points, out)
        case .strided: return try kernel.run(StridedLoader(points), points, out)
        }
    }

    /// Point-in-circle for the points (`latitudes[i]`, `longitudes[i]`) in degrees.
    /// Decisions are identical to `contains(latitude:longitude:)`; see
    /// `contains(_:into:)`.
    ///
    /// - Returns: one Bool per point, true when inside.
    /// - Throws: `.invalidArgument` when the arrays differ in length or a point is out of
    ///   range or not finite (naming its index and value).
    /// - Complexity: O(n). Thread safety: pure.
    /// - C twin: `gk_circle_contains_batch`.
    public func contains(latitudes: [Double], longitudes: [Double]) throws(GeoKernelError) -> [Bool] {
        try BatchValidation.checkLengths(latitudes.count, longitudes.count)
        return try latitudes.withUnsafeBufferPointer { (la) throws(GeoKernelError) -> [Bool] in
            try longitudes.withUnsafeBufferPointer { (lo) throws(GeoKernelError) -> [Bool] in
                try batchContains(la.baseAddress, lo.baseAddress, la.count, 8)
            }
        }
    }

    /// Point-in-circle for points given as interleaved degrees `[lat0, lon0, lat1, …]`.
    /// Decisions are identical to `contains(latitude:longitude:)`.
    ///
    /// - Returns: `interleaved.count / 2` Bools, true when inside.
    /// - Throws: `.invalidArgument` when the array has odd length or a point is out of
    ///   range or not finite (naming its index and value).
    /// - Complexity: O(n). Thread safety: pure.
    /// - C twin: `gk_circle_contains_batch` with `lon = lat + 1` and `stride_bytes` 16.
    public func contains(interleaved: [Double]) throws(GeoKernelError) -> [Bool] {
        try BatchValidation.checkInterleaved(interleaved.count)
        return try interleaved.withUnsafeBufferPointer { (p) throws(GeoKernelError) -> [Bool] in
            try batchContains(p.baseAddress, p.baseAddress.map { $0 + 1 }, p.count / 2, 16)
        }
    }

    private func batchContains(
        _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?, _ n: Int, _ strideBytes: Int
    ) throws(GeoKernelError) -> [Bool] {
        guard n > 0, let lat, let lon else { return [] }
        let points = CoordinateColumns(latitudes: lat, longitudes: lon, count: n, strideBytes: strideBytes)
        var failure: GeoKernelError?
        let out = [Bool](unsafeUninitializedCapacity: n) { buffer, initialized in
            do throws(GeoKernelError) {
                _ = try contains(points, into: buffer)
                initialized = n
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return out
    }
}

/// The degree-input point-in-circle kernel: cheap culls, then the SIMD haversine value
/// h against a band around the threshold, then the scalar test inside the band.
struct CircleKernel {
    let circle: Circle
    let haversine: HaversineKernel
    let lat1: Double
    let lon1: Double
    /// h < hLo: inside; h > hHi: outside; otherwise the scalar test decides. All the
    /// thresholds are ≥ 0 (lanes of one value), as the top-bit comparisons require.
    let hLo: D4
    let hHi: D4
    /// |Δlat| > latWindow or wrapped |Δlon| > lonWindow (degrees): certainly outside.
    let latWindow: D4
    let lonWindow: D4
    /// |Δlat| < boxLat and wrapped |Δlon| < boxLon (degrees): certainly inside; 0 when
    /// there is no inscribed box.
    let boxLat: D4
    let boxLon: D4

    /// Relative half-width of the band in h (h = sin²(d / 2R)). The SIMD h agrees with
    /// the scalar h to about 1e-15 relative (8 ulps bound); the scalar decision threshold,
    /// mapped to h, moves by a few ulps. The absolute part covers subnormal products.
    static let bandRelative: Double = 1e-11
    static let bandAbsolute: Double = 1e-200
    /// Margins of the culls (radians): absolute, covering the ill-conditioned scalar
    /// value near the antipode (error up to about 1e-7 rad), and relative.
    static let cullAbsolute: Double = 1e-6
    static let cullRelative: Double = 1e-9
    /// How much smaller than the radius the inscribed box's farthest point must be.
    static let boxRelative: Double = 1e-6

    init(_ circle: Circle) {
        self.circle = circle
        let center = circle.center
        haversine = HaversineKernel(center: center, radiusMeters: EarthModel.meanRadiusMeters)
        lat1 = center.latitude
        lon1 = center.longitude
        let theta = circle.radiusMeters / EarthModel.meanRadiusMeters
        let phi1 = center.latitude * degreesToRadians

        // Threshold in h, monotone in the distance up to h = 1 (the antipode).
        let hThreshold: Double
        if theta * 0.5 >= halfPiHi {
            hThreshold = 1
        } else {
            let s = sin(theta * 0.5)
            hThreshold = s * s
        }
        hLo = D4(repeating: Swift.max(0, hThreshold * (1 - Self.bandRelative) - Self.bandAbsolute))
        hHi = D4(repeating: hThreshold * (1 + Self.bandRelative) + Self.bandAbsolute)

        // Outer culls. Any point within theta has |Δφ| ≤ theta, and, when the circle
        // contains no pole, |Δλ| ≤ asin(sin theta / cos φ1).
        let outer = theta * (1 + Self.cullRelative) + Self.cullAbsolute
        latWindow = D4(repeating: outer * radiansToDegrees)
        if outer < halfPiHi - abs(phi1) - Self.cullAbsolute {
            let w = asin(Swift.min(1, sin(outer) / cos(phi1)))
            lonWindow = D4(repeating: (w * (1 + Self.cullRelative) + Self.cullAbsolute) * radiansToDegrees)
        } else {
            lonWindow = D4(repeating: .infinity)
        }

        // Inscribed box |Δφ| < a, |Δλ| < b, with sin²(a/2) + cos φ1·max cos φ2·sin²(b/2)
        // below sin²(theta'/2), theta' slightly smaller than theta.
        let inner = theta * (1 - Self.boxRelative)
        let a = 0.7 * inner
        var b = -1.0
        if inner > 0, inner < halfPiHi, abs(phi1) + a < halfPiHi {
            let cosMax = (phi1 - a <= 0 && phi1 + a >= 0) ? 1 : Swift.max(cos(phi1 - a), cos(phi1 + a))
            let sa = sin(a * 0.5)
            let si = sin(inner * 0.5)
            let limit = si * si
            let room = (limit - sa * sa) / (cos(phi1) * cosMax)
            b = 2 * asin(Swift.min(1, room.squareRoot()))
            // Guard against rounding: shrink until the bound holds with room to spare.
            let bound = { (b: Double) -> Double in
                let sb = sin(b * 0.5)
                return sa * sa + cos(phi1) * cosMax * (sb * sb)
            }
            var tries = 0
            while bound(b) > limit * (1 - 1e-9), tries < 100 {
                b *= 0.999
                tries += 1
            }
            if tries == 100 { b = -1 }
        }
        if b > 0 {
            boxLat = D4(repeating: a * radiansToDegrees * (1 - 1e-12))
            boxLon = D4(repeating: b * radiansToDegrees * (1 - 1e-12))
        } else {
            boxLat = D4()
            boxLon = D4()
        }
    }

    func run<L: PointLoader>(
        _ loader: L, _ points: CoordinateColumns, _ mask: UnsafeMutablePointer<Bool>
    ) throws(GeoKernelError) -> Int {
        let n = points.count
        let whole = n & ~3
        var total = 0
        if whole > 0 {
            var failure: GeoKernelError?
            withUnsafeTemporaryAllocation(of: Double.self, capacity: HaversineKernel.scratchDoubles) { scratch in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: HaversineKernel.chunk / 4) { list in
                    do throws(GeoKernelError) {
                        total = try runChunks(
                            loader, points, mask, whole,
                            UnsafeMutableRawPointer(scratch.baseAddress!), list.baseAddress!)
                    } catch {
                        failure = error
                    }
                }
            }
            if let failure { throw failure }
        }
        for i in whole..<n {
            let p = loader.load1(i)
            if !BatchValidation.isValid(p.lat, p.lon) { throw BatchValidation.firstError(points, i, 1) }
            let b = circle.contains(latitude: p.lat, longitude: p.lon)
            mask[i] = b
            total &+= b ? 1 : 0
        }
        return total
    }

    /// Per chunk: pass 1 validates, culls and lists the blocks of four that the culls
    /// leave undecided (without branching on the outcome); the listed blocks then go
    /// through the haversine stages and are decided on h.
    @inline(__always)
    private func runChunks<L: PointLoader>(
        _ loader: L, _ points: CoordinateColumns, _ mask: UnsafeMutablePointer<Bool>, _ whole: Int,
        _ scratch: UnsafeMutableRawPointer, _ list: UnsafeMutablePointer<Int>
    ) throws(GeoKernelError) -> Int {
        var insideCount = SIMD4<Int64>()
        var start = 0
        while start < whole {
            let end = Swift.min(start &+ HaversineKernel.chunk, whole)
            var listed = 0
            var i = start
            while i < end {
                let p = loader.load4(i)
                guard BatchValidation.allValid(p.lat, p.lon) else {
                    throw BatchValidation.firstError(points, i, 4)
                }
                let dLat: D4 = SIMDMath.abs(p.lat - lat1)
                let dl: D4 = SIMDMath.abs(p.lon - lon1)
                let wrapped: D4 = 360 - dl
                let dLon: D4 = wrapped.replacing(with: dl, where: dl .< wrapped)
                let outside: U4 =
                    SIMDMath.topGreater(dLat, latWindow) | SIMDMath.topGreater(dLon, lonWindow)
                let inBox: U4 = SIMDMath.topGreater(boxLat, dLat) & SIMDMath.topGreater(boxLon, dLon)
                let decided = SIMDMath.allTop(outside | inBox)
                SIMDMath.store(top: inBox, to: mask + i)
                let keep = SIMD4<Int64>(repeating: decided ? 1 : 0)
                insideCount &+= SIMDMath.ones(top: inBox) & keep
                list[listed] = i
                listed &+= decided ? 0 : 1
                i &+= 4
            }
            if listed > 0 {
                for slot in 0..<listed {
                    let p = loader.load4(list[slot])
                    haversine.reduce(p.lat, p.lon, into: scratch, slot: slot)
                }
                HaversineKernel.sines(scratch, slots: listed)
                for slot in 0..<listed {
                    let h: D4 = haversine.haversine(scratch, slot: slot)
                    var inside: U4 = SIMDMath.topGreater(hLo, h)
                    let outside: U4 = SIMDMath.topGreater(h, hHi)
                    let unsure: U4 = ~(inside | outside)
                    let i = list[slot]
                    if SIMDMath.anyTop(unsure) {
                        let p = loader.load4(i)
                        inside = scalarDecide(p.lat, p.lon, unsure, inside)
                    }
                    SIMDMath.store(top: inside, to: mask + i)
                    insideCount &+= SIMDMath.ones(top: inside)
                }
            }
            start = end
        }
        return Int(insideCount.wrappedSum())
    }

    /// Decides the lanes of `unsure` (top-bit mask) with the scalar test.
    @inline(never)
    func scalarDecide(_ lat: D4, _ lon: D4, _ unsure: U4, _ inside: U4) -> U4 {
        var result = inside
        for j in 0..<4 where unsure[j] >> 63 != 0 {
            result[j] = circle.contains(latitude: lat[j], longitude: lon[j]) ? 1 << 63 : 0
        }
        return result
    }
}
