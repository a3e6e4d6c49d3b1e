#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Circle {
    /// Point-in-circle for every point of `points` (degrees): `mask[i]` is set to whether
    /// point i is within `radiusMeters` of the centre, boundary included, on the sphere
    /// of mean radius R = 6 371 008.8 m. SIMD, four points per step.
    ///
    /// Decisions are identical to `contains(latitude:longitude:)` (the scalar libm
    /// haversine test) for every point. Most points are decided by a latitude band and a
    /// longitude window (antimeridian- and pole-aware) or two inscribed latitude/longitude
    /// boxes; the rest by a SIMD haversine value h compared with the threshold outside
    /// the band of `SphereBand` (1e-9 relative and 1e-14 absolute in h, some 10⁶ times the
    /// measured error of h); points in that band, almost never met, are decided by the
    /// scalar test itself.
    ///
    /// - Parameters:
    ///   - points: latitudes in [-90, 90] and longitudes in [-180, 180], degrees.
    ///   - mask: output, at least `points.count` elements.
    /// - Returns: the number of points inside.
    /// - Throws: `.invalidArgument` when `points.count` is negative, `mask` is shorter
    ///   than `points.count`, or a point is out of range or not finite (the message names
    ///   the first such point and its value). After a throw `mask` is unspecified.
    /// - Complexity: O(n); points far from the circle cost less than points near its edge
    ///   (timings beside the scalar loop: `pic.*` in the benchmark table). Uses about 2 KB
    ///   of stack.
    /// - Thread safety: pure; safe from several threads at once with distinct masks.
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
    /// `CircleBounds`, as lanes of one value.
    let hLo: D4
    let hHi: D4
    let latWindow: D4
    let lonWindow: D4
    let box1Lat: D4
    let box1Lon: D4
    let box2Lat: D4
    let box2Lon: D4

    init(_ circle: Circle) {
        self.circle = circle
        haversine = HaversineKernel(center: circle.center, radiusMeters: EarthModel.meanRadiusMeters)
        lat1 = circle.center.latitude
        lon1 = circle.center.longitude
        let b = CircleBounds(circle)
        hLo = D4(repeating: b.hLo)
        hHi = D4(repeating: b.hHi)
        latWindow = D4(repeating: b.latWindow)
        lonWindow = D4(repeating: b.lonWindow)
        box1Lat = D4(repeating: b.box1.lat)
        box1Lon = D4(repeating: b.box1.lon)
        box2Lat = D4(repeating: b.box2.lat)
        box2Lon = D4(repeating: b.box2.lon)
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
                let inBox1: U4 = SIMDMath.topGreater(box1Lat, dLat) & SIMDMath.topGreater(box1Lon, dLon)
                let inBox2: U4 = SIMDMath.topGreater(box2Lat, dLat) & SIMDMath.topGreater(box2Lon, dLon)
                let inBox: U4 = inBox1 | inBox2
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
