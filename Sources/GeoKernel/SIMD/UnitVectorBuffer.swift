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
    private let x: [Double]
    private let y: [Double]
    private let z: [Double]
    /// The points as given (degrees), for the exact fallback.
    private let latitudes: [Double]
    private let longitudes: [Double]

    /// Half-width of the uncertainty band around cos(radius / R).
    static let margin: Double = 1e-12

    /// The number of points.
    ///
    /// - Complexity: O(1). C twin: `gk_unitvec_count`.
    public var count: Int { x.count }

    /// Converts the points of `points` (degrees) to unit vectors (SIMD).
    ///
    /// - Throws: `.invalidArgument` when `points.count` is negative or a point is out of
    ///   range (latitude in [-90, 90], longitude in [-180, 180]) or not finite, naming the
    ///   first such point and its value.
    /// - Complexity: O(n), a few ns per point; copies the points.
    /// - C twin: `gk_unitvec_create`.
    public init(_ points: CoordinateColumns) throws(GeoKernelError) {
        try BatchValidation.checkCount(points.count)
        let n = points.count
        var lat = [Double](repeating: 0, count: n)
        var lon = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let la = points.latitude(i), lo = points.longitude(i)
            if !BatchValidation.isValid(la, lo) { throw BatchValidation.firstError(points, i, 1) }
            lat[i] = la
            lon[i] = lo
        }
        self.init(validLatitudes: lat, longitudes: lon)
    }

    /// Converts the points (`latitudes[i]`, `longitudes[i]`) in degrees to unit vectors.
    ///
    /// - Throws: `.invalidArgument` when the arrays differ in length or a point is out of
    ///   range or not finite (naming its index and value).
    /// - Complexity: O(n). C twin: `gk_unitvec_create`.
    public init(latitudes: [Double], longitudes: [Double]) throws(GeoKernelError) {
        try BatchValidation.checkLengths(latitudes.count, longitudes.count)
        for i in latitudes.indices {
            if let e = BatchValidation.pointError(i, latitudes[i], longitudes[i]) { throw e }
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
        let n = interleaved.count / 2
        var lat = [Double](repeating: 0, count: n)
        var lon = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let la = interleaved[2 * i], lo = interleaved[2 * i + 1]
            if let e = BatchValidation.pointError(i, la, lo) { throw e }
            lat[i] = la
            lon[i] = lo
        }
        self.init(validLatitudes: lat, longitudes: lon)
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
        let n = lat.count
        latitudes = lat
        longitudes = lon
        var vx = [Double](repeating: 0, count: n)
        var vy = [Double](repeating: 0, count: n)
        var vz = [Double](repeating: 0, count: n)
        lat.withUnsafeBufferPointer { la in
            lon.withUnsafeBufferPointer { lo in
                vx.withUnsafeMutableBufferPointer { px in
                    vy.withUnsafeMutableBufferPointer { py in
                        vz.withUnsafeMutableBufferPointer { pz in
                            Self.convert(la, lo, px, py, pz)
                        }
                    }
                }
            }
        }
        x = vx
        y = vy
        z = vz
    }

    /// Unit vectors of four points (degrees) with the SIMD sin/cos.
    @inline(__always)
    static func vectors(_ lat: D4, _ lon: D4) -> (x: D4, y: D4, z: D4) {
        let phi: D4 = lat * degreesToRadians
        let lambda: D4 = lon * degreesToRadians
        let cosPhi: D4 = SIMDMath.cos(phi)
        let sinPhi: D4 = SIMDMath.sinReduced(phi)
        let cosLambda: D4 = SIMDMath.cos(lambda)
        let sinLambda: D4 = SIMDMath.sin(lambda)
        return (cosPhi * cosLambda, cosPhi * sinLambda, sinPhi)
    }

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

    /// Point-in-circle for every point: `mask[i]` is set to whether point i is inside
    /// `circle` (boundary included). Decisions are identical to
    /// `circle.contains(latitude:longitude:)` on the degrees the buffer was made from.
    ///
    /// - Returns: the number of points inside.
    /// - Throws: `.invalidArgument` when `mask` is shorter than `count`.
    /// - Complexity: O(n), memory-bound: reads 24 bytes and writes 1 byte per point.
    /// - Thread safety: safe from several threads with distinct masks.
    /// - C twin: `gk_unitvec_contains`.
    public func contains(in circle: Circle, into mask: UnsafeMutableBufferPointer<Bool>) throws(GeoKernelError) -> Int {
        try BatchValidation.checkOutput(mask.count, count, "mask buffer")
        guard count > 0, let out = mask.baseAddress else { return 0 }
        return x.withUnsafeBufferPointer { px in
            y.withUnsafeBufferPointer { py in
                z.withUnsafeBufferPointer { pz in
                    scan(circle, px.baseAddress!, py.baseAddress!, pz.baseAddress!, out)
                }
            }
        }
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

    private func scan(
        _ circle: Circle, _ px: UnsafePointer<Double>, _ py: UnsafePointer<Double>,
        _ pz: UnsafePointer<Double>, _ mask: UnsafeMutablePointer<Bool>
    ) -> Int {
        let n = count
        let c = Self.centerVector(circle.center)
        let theta = circle.radiusMeters / EarthModel.meanRadiusMeters
        let threshold = theta >= piHi ? -1 : cos(theta)
        // Comparisons on dot + 2 ∈ [1, 3] (rounding error 4e-16, far inside the margin)
        // so that the top-bit integer comparisons for non-negative doubles apply.
        let lo = D4(repeating: threshold + 2 - Self.margin)
        let hi = D4(repeating: threshold + 2 + Self.margin)
        let rx = UnsafeRawPointer(px), ry = UnsafeRawPointer(py), rz = UnsafeRawPointer(pz)
        var insideCount = SIMD4<Int64>()
        var i = 0
        while i &+ 4 <= n {
            let off = i &* 8
            let vx = rx.loadUnaligned(fromByteOffset: off, as: D4.self)
            let vy = ry.loadUnaligned(fromByteOffset: off, as: D4.self)
            let vz = rz.loadUnaligned(fromByteOffset: off, as: D4.self)
            let dxy: D4 = vx * c.x + vy * c.y
            let dot2: D4 = (dxy + vz * c.z) + 2
            var inside: U4 = SIMDMath.topGreater(dot2, hi)
            let outside: U4 = SIMDMath.topGreater(lo, dot2)
            let unsure: U4 = ~(inside | outside)
            if SIMDMath.anyTop(unsure) { inside = scalarDecide(circle, i, unsure, inside) }
            SIMDMath.store(top: inside, to: mask + i)
            insideCount &+= SIMDMath.ones(top: inside)
            i &+= 4
        }
        var total = Int(insideCount.wrappedSum())
        while i < n {
            let dot2 = ((px[i] * c.x + py[i] * c.y) + pz[i] * c.z) + 2
            let b: Bool
            if dot2 > hi[0] {
                b = true
            } else if dot2 < lo[0] {
                b = false
            } else {
                b = circle.contains(latitude: latitudes[i], longitude: longitudes[i])
            }
            mask[i] = b
            total &+= b ? 1 : 0
            i &+= 1
        }
        return total
    }

    @inline(never)
    private func scalarDecide(_ circle: Circle, _ i: Int, _ unsure: U4, _ inside: U4) -> U4 {
        var result = inside
        for j in 0..<4 where unsure[j] >> 63 != 0 {
            let b = circle.contains(latitude: latitudes[i + j], longitude: longitudes[i + j])
            result[j] = b ? 1 << 63 : 0
        }
        return result
    }

    /// The centre's unit vector, by libm.
    static func centerVector(_ c: Coordinate) -> (x: Double, y: Double, z: Double) {
        let phi = c.latitude * degreesToRadians
        let lambda = c.longitude * degreesToRadians
        return (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }
}
