#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Points converted once to unit vectors on the sphere (x towards 0°N 0°E, y towards
/// 0°N 90°E, z towards the north pole), stored as three `Double` columns, for repeated
/// point-in-circle tests against many circles.
///
/// A test streams x, y, z (24 bytes per point) and compares the dot product with the
/// centre's vector against cos(radius / R), R = 6 371 008.8 m (the sphere of
/// `EarthModel.meanRadiusMeters`), with a margin of 1e-12 (about 100 times the error of
/// the dot product and of the threshold). Points within the margin are decided by the
/// scalar test `Circle.contains(latitude:longitude:)` on the original degrees, which the
/// buffer keeps for that purpose (16 more bytes per point, not read in the hot loop), so
/// decisions are identical to the scalar test for every point.
///
/// Memory: 40 bytes per point. Thread safety: immutable after creation; `Sendable`, and
/// any number of threads may test the same buffer at once.
/// C twin: `gk_unitvec_create`, `gk_unitvec_count`, `gk_unitvec_contains`,
/// `gk_unitvec_destroy`.
public struct UnitVectorBuffer: Sendable {
    /// x, y, z and the points as given (degrees, for the exact fallback), one block.
    private let storage: UnitVectorStorage
    private var x: UnsafeMutablePointer<Double> { storage.column(0) }
    private var y: UnsafeMutablePointer<Double> { storage.column(1) }
    private var z: UnsafeMutablePointer<Double> { storage.column(2) }
    private var latitudes: UnsafeMutablePointer<Double> { storage.column(3) }
    private var longitudes: UnsafeMutablePointer<Double> { storage.column(4) }

    /// Half-width of the uncertainty band around cos(radius / R).
    static let margin: Double = 1e-12

    /// The number of points.
    ///
    /// - Complexity: O(1). C twin: `gk_unitvec_count`.
    public var count: Int { storage.count }

    /// Converts the points of `points` (degrees) to unit vectors (SIMD).
    ///
    /// - Throws: `.invalidArgument` when `points.count` is negative or a point is out of
    ///   range (latitude in [-90, 90], longitude in [-180, 180]) or not finite, naming the
    ///   first such point and its value; `.outOfMemory` when the 40 bytes per point cannot
    ///   be allocated (nothing is read from `points` then).
    /// - Complexity: O(n); copies the points into 40 bytes per point of new memory.
    /// - C twin: `gk_unitvec_create`.
    public init(_ points: CoordinateColumns) throws(GeoKernelError) {
        try BatchValidation.checkCount(points.count)
        let storage = try UnitVectorStorage(checkedCount: points.count)
        try BatchValidation.validatedCopy(points, into: storage.column(3), storage.column(4))
        self.init(converting: storage)
    }

    /// Converts the points (`latitudes[i]`, `longitudes[i]`) in degrees to unit vectors.
    ///
    /// - Throws: `.invalidArgument` when the arrays differ in length or a point is out of
    ///   range or not finite (naming its index and value).
    /// - Complexity: O(n). C twin: `gk_unitvec_create`.
    public init(latitudes: [Double], longitudes: [Double]) throws(GeoKernelError) {
        try BatchValidation.checkLengths(latitudes.count, longitudes.count)
        try latitudes.withUnsafeBufferPointer { (la) throws(GeoKernelError) in
            try longitudes.withUnsafeBufferPointer { (lo) throws(GeoKernelError) in
                guard let a = la.baseAddress, let b = lo.baseAddress else { return }
                try BatchValidation.validate(CoordinateColumns(latitudes: a, longitudes: b, count: la.count))
            }
        }
        self.init(validLatitudes: latitudes, longitudes: longitudes)
    }

    /// Converts points given as interleaved degrees `[lat0, lon0, lat1, lon1, …]`.
    ///
    /// - Throws: `.invalidArgument` when the array has odd length or a point is out of
    ///   range or not finite (naming its index and value).
    /// - Complexity: O(n). C twin: `gk_unitvec_create` with `lon = lat + 1`, stride 16.
    public init(interleaved: [Double]) throws(GeoKernelError) {
        try BatchValidation.checkInterleaved(interleaved.count)
        let copy = try interleaved.withUnsafeBufferPointer {
            (p) throws(GeoKernelError) -> (latitudes: [Double], longitudes: [Double]) in
            guard let base = p.baseAddress else { return ([], []) }
            return try BatchValidation.validatedCopy(CoordinateColumns(interleaved: base, count: p.count / 2))
        }
        self.init(validLatitudes: copy.latitudes, longitudes: copy.longitudes)
    }

    /// Converts coordinates (always valid) to unit vectors.
    ///
    /// - Complexity: O(n). C twin: `gk_unitvec_create`.
    public init(_ coordinates: [Coordinate]) {
        self.init(
            validLatitudes: coordinates.map(\.latitude), longitudes: coordinates.map(\.longitude))
    }

    /// Builds the vectors from checked degrees.
    private init(validLatitudes lat: [Double], longitudes lon: [Double]) {
        let storage = UnitVectorStorage(count: lat.count)
        if lat.count > 0 {
            storage.column(3).update(from: lat, count: lat.count)
            storage.column(4).update(from: lon, count: lon.count)
        }
        self.init(converting: storage)
    }

    /// Fills x, y, z of `storage` from its checked degrees.
    private init(converting storage: UnitVectorStorage) {
        let n = storage.count
        Self.convert(
            UnsafeBufferPointer(start: storage.column(3), count: n), UnsafeBufferPointer(start: storage.column(4), count: n),
            UnsafeMutableBufferPointer(start: storage.column(0), count: n),
            UnsafeMutableBufferPointer(start: storage.column(1), count: n),
            UnsafeMutableBufferPointer(start: storage.column(2), count: n))
        self.storage = storage
    }

    /// Unit vectors of four points (degrees): `SIMDMath.unitVectors`.
    @inline(__always)
    static func vectors(_ lat: D4, _ lon: D4) -> (x: D4, y: D4, z: D4) { SIMDMath.unitVectors(lat, lon) }

    private static func convert(
        _ lat: UnsafeBufferPointer<Double>, _ lon: UnsafeBufferPointer<Double>,
        _ x: UnsafeMutableBufferPointer<Double>, _ y: UnsafeMutableBufferPointer<Double>,
        _ z: UnsafeMutableBufferPointer<Double>
    ) {
        let n = lat.count
        guard n > 0 else { return }
        let loader = ColumnLoader(
            CoordinateColumns(latitudes: lat.baseAddress!, longitudes: lon.baseAddress!, count: n))
        let px = UnsafeMutableRawPointer(x.baseAddress!)
        let py = UnsafeMutableRawPointer(y.baseAddress!)
        let pz = UnsafeMutableRawPointer(z.baseAddress!)
        var i = 0
        while i &+ 4 <= n {
            let p = loader.load4(i)
            let v = vectors(p.lat, p.lon)
            px.storeBytes(of: v.x, toByteOffset: i &* 8, as: D4.self)
            py.storeBytes(of: v.y, toByteOffset: i &* 8, as: D4.self)
            pz.storeBytes(of: v.z, toByteOffset: i &* 8, as: D4.self)
            i &+= 4
        }
        if i < n {
            let r = n - i
            let p = loader.loadPartial(i, r)
            let v = vectors(p.lat, p.lon)
            for j in 0..<r {
                x[i + j] = v.x[j]
                y[i + j] = v.y[j]
                z[i + j] = v.z[j]
            }
        }
    }

    /// Point-in-circle for every point: `mask[i]` is set to whether point i is within
    /// `circle.radiusMeters` of `circle.center` (boundary included) on the sphere of mean
    /// radius R = 6 371 008.8 m. Decisions are identical to
    /// `circle.contains(latitude:longitude:)` on the degrees the buffer was made from.
    ///
    /// - Returns: the number of points inside.
    /// - Throws: `.invalidArgument` when `mask` is shorter than `count`.
    /// - Complexity: O(n), streaming: reads 24 bytes and writes 1 byte per point. Timing:
    ///   `pic.unitvec.simd` in the benchmark table.
    /// - Thread safety: safe from several threads at once with distinct masks.
    /// - C twin: `gk_unitvec_contains`.
    public func contains(in circle: Circle, into mask: UnsafeMutableBufferPointer<Bool>) throws(GeoKernelError) -> Int {
        try BatchValidation.checkOutput(mask.count, count, "mask buffer")
        guard count > 0, let out = mask.baseAddress else { return 0 }
        return scan(circle, x, y, z, out)
    }

    /// Point-in-circle for every point; see `contains(in:into:)`.
    ///
    /// - Returns: `count` Bools, true when inside.
    /// - Complexity: O(n). Thread safety: safe from several threads.
    /// - C twin: `gk_unitvec_contains`.
    public func contains(in circle: Circle) -> [Bool] {
        [Bool](unsafeUninitializedCapacity: count) { buffer, initialized in
            _ = try? contains(in: circle, into: buffer)
            initialized = count
        }
    }

    /// The hot loop: eight points per step. With d = dot − cos(θ), θ = radius / R: a
    /// point is inside when d ≥ 0 and outside when d < 0 (sign bit set), unless
    /// |d| < margin ("unsure"). Unsure flags are OR-ed over runs of 64 points; in the rare
    /// run that has one, its unsure points are re-decided by the scalar test on the
    /// stored degrees. Masks are integer top-bit masks (see `SIMDMath.topGreater`); the
    /// eight sign bits are packed into eight Bool bytes at once.
    private func scan(
        _ circle: Circle, _ px: UnsafePointer<Double>, _ py: UnsafePointer<Double>,
        _ pz: UnsafePointer<Double>, _ mask: UnsafeMutablePointer<Bool>
    ) -> Int {
        let n = count
        let c = Self.centerVector(circle.center)
        let theta = circle.radiusMeters / EarthModel.meanRadiusMeters
        let threshold = theta >= piHi ? -1 : cos(theta)
        let margin = D4(repeating: Self.margin)
        let cx = D4(repeating: c.x), cy = D4(repeating: c.y), cz = D4(repeating: c.z)
        let cosTheta = D4(repeating: threshold)
        let rx = UnsafeRawPointer(px), ry = UnsafeRawPointer(py), rz = UnsafeRawPointer(pz)
        var outsideCount = U4()
        var total = 0
        var i = 0
        let whole = n & ~7
        while i < whole {
            let end = Swift.min(i &+ 64, whole)
            var unsureAny = U4()
            var j = i
            while j < end {
                let a = block(rx, ry, rz, j &* 8, cx, cy, cz, cosTheta, margin)
                let b = block(rx, ry, rz, j &* 8 &+ 32, cx, cy, cz, cosTheta, margin)
                let outA: U4 = a.negative &>> 63
                let outB: U4 = b.negative &>> 63
                let lanes = SIMD8<UInt32>(
                    lowHalf: SIMD4<UInt32>(truncatingIfNeeded: outA),
                    highHalf: SIMD4<UInt32>(truncatingIfNeeded: outB))
                let bytes = SIMD8<UInt8>(truncatingIfNeeded: lanes) ^ SIMD8<UInt8>(repeating: 1)
                UnsafeMutableRawPointer(mask + j).storeBytes(of: bytes, as: SIMD8<UInt8>.self)
                outsideCount &+= outA &+ outB
                unsureAny |= a.unsure | b.unsure
                j &+= 8
            }
            if SIMDMath.anyTop(unsureAny) {
                total &+= redo(circle, i, end, rx, ry, rz, cx, cy, cz, cosTheta, margin, mask)
            }
            i = end
        }
        total &+= whole &- Int(truncatingIfNeeded: outsideCount.wrappedSum())
        while i < n {
            let d = ((px[i] * c.x + py[i] * c.y) + pz[i] * c.z) - threshold
            let b: Bool
            if abs(d) >= Self.margin {
                b = d >= 0
            } else {
                b = circle.contains(latitude: latitudes[i], longitude: longitudes[i])
            }
            mask[i] = b
            total &+= b ? 1 : 0
            i &+= 1
        }
        return total
    }

    /// Four points at byte offset `off`: the bits of d (sign set for "outside") and the
    /// top-bit mask "unsure" (|d| < margin).
    @inline(__always)
    private func block(
        _ rx: UnsafeRawPointer, _ ry: UnsafeRawPointer, _ rz: UnsafeRawPointer, _ off: Int,
        _ cx: D4, _ cy: D4, _ cz: D4, _ cosTheta: D4, _ margin: D4
    ) -> (negative: U4, unsure: U4) {
        let vx = rx.loadUnaligned(fromByteOffset: off, as: D4.self)
        let vy = ry.loadUnaligned(fromByteOffset: off, as: D4.self)
        let vz = rz.loadUnaligned(fromByteOffset: off, as: D4.self)
        let dxy: D4 = vx * cx + vy * cy
        let d: D4 = (dxy + vz * cz) - cosTheta
        let unsure: U4 = SIMDMath.topGreater(margin, SIMDMath.abs(d))
        return (unsafeBitCast(d, to: U4.self), unsure)
    }

    /// Re-decides the unsure points of the run start ..< end (a multiple of 4 points)
    /// with the scalar test, correcting their mask entries; returns the change in the
    /// number inside.
    @inline(never)
    private func redo(
        _ circle: Circle, _ start: Int, _ end: Int,
        _ rx: UnsafeRawPointer, _ ry: UnsafeRawPointer, _ rz: UnsafeRawPointer,
        _ cx: D4, _ cy: D4, _ cz: D4, _ cosTheta: D4, _ margin: D4,
        _ mask: UnsafeMutablePointer<Bool>
    ) -> Int {
        var change = 0
        var j = start
        while j < end {
            let r = block(rx, ry, rz, j &* 8, cx, cy, cz, cosTheta, margin)
            for k in 0..<4 where r.unsure[k] >> 63 != 0 {
                let old = r.negative[k] >> 63 == 0
                let new = circle.contains(latitude: latitudes[j + k], longitude: longitudes[j + k])
                mask[j + k] = new
                change &+= (new ? 1 : 0) &- (old ? 1 : 0)
            }
            j &+= 4
        }
        return change
    }

    /// The centre's unit vector (the conversion of the points themselves).
    static func centerVector(_ c: Coordinate) -> (x: Double, y: Double, z: Double) {
        SIMDMath.unitVector(latitude: c.latitude, longitude: c.longitude)
    }
}

/// The five columns of a `UnitVectorBuffer` (x, y, z, latitude, longitude) in one block
/// from `CheckedAllocation`; immutable once filled, so it may be shared across threads.
final class UnitVectorStorage: @unchecked Sendable {
    let count: Int
    private let base: UnsafeMutablePointer<Double>

    /// For the C entry point: `.outOfMemory` when the block cannot be allocated.
    init(checkedCount n: Int) throws(GeoKernelError) {
        let (total, overflow) = n.multipliedReportingOverflow(by: 5)
        guard !overflow else { throw GeoKernelError(.outOfMemory, "\(n) points need more than \(Int.max) values") }
        base = try CheckedAllocation.allocate(Double.self, count: total, "\(n) unit vectors (40 bytes per point)")
        count = n
    }

    /// For Swift initialisers that cannot throw: aborts when out of memory, as arrays do.
    init(count n: Int) {
        base = CheckedAllocation.allocateOrAbort(Double.self, count: n * 5, "\(n) unit vectors (40 bytes per point)")
        count = n
    }

    deinit { CheckedAllocation.release(base) }

    /// Column k (0 x, 1 y, 2 z, 3 latitude, 4 longitude).
    @inline(__always)
    func column(_ k: Int) -> UnsafeMutablePointer<Double> { base + k &* count }
}
