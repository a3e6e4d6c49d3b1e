import CSIMDShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The metric of `SpatialIndex` and `LinearScan`: points are unit vectors on the sphere,
/// compared by the squared chord c² = |p − q|², and reported as great-circle distances
/// d = 2R·asin(c / 2) in metres on the sphere of mean radius R = 6 371 008.8 m.
///
/// Every function here is lane-wise: a point gives the same bits whether it is computed
/// alone (in lane 0) or beside three others, so the index and the linear scan, which
/// share these functions, agree to the last bit. The conversion from degrees uses the
/// SIMD sines of `SIMDMath` (about one ulp); the distances agree with the libm haversine
/// to about 1e-9 m (see `SpatialIndex.distanceMeters(_:_:)`).
///
/// Thread safety: pure functions.
enum SphereMetric {
    /// The sphere's radius in metres (`EarthModel.meanRadiusMeters`).
    static let radius: Double = EarthModel.meanRadiusMeters

    /// The largest squared chord between two unit vectors (antipodes), with room for
    /// rounding; thresholds are capped here so that they stay finite.
    static let maxChordSquared: Double = 4.000_001

    /// Unit vectors of four points given in degrees (latitude in [-90, 90], longitude in
    /// [-180, 180]): x towards (0°, 0°), y towards (0°, 90°E), z towards the north pole.
    @inline(__always)
    static func vectors(_ lat: D4, _ lon: D4) -> (x: D4, y: D4, z: D4) { SIMDMath.unitVectors(lat, lon) }

    /// The unit vector of one coordinate: the same bits as its lane of `vectors`.
    @inline(__always)
    static func vector(_ c: Coordinate) -> (x: Double, y: Double, z: Double) {
        SIMDMath.unitVector(latitude: c.latitude, longitude: c.longitude)
    }

    /// Squared chords from (qx, qy, qz) to four points: (dx² + dy²) + dz², in this order
    /// (Swift never fuses the multiply-adds, so scalar and SIMD code agree).
    @inline(__always)
    static func chordSquared(_ x: D4, _ y: D4, _ z: D4, _ qx: D4, _ qy: D4, _ qz: D4) -> D4 {
        let dx: D4 = x - qx
        let dy: D4 = y - qy
        let dz: D4 = z - qz
        let xy: D4 = dx * dx + dy * dy
        return xy + dz * dz
    }

    /// Bit l set when lane l of `c2` is at most `bound` (a NaN lane never is): the
    /// candidates of a scan, visited lowest lane first with `trailingZeroBitCount`.
    /// (`c2 .<= bound` with `any` and lane tests becomes lane extractions on baseline
    /// x86-64; this is cmppd + movmskps.)
    @inline(__always)
    static func lanes(_ c2: D4, atMost bound: Double) -> UInt32 { CSIMDShim_atMost4(c2, bound) }

    /// Great-circle distances in metres from squared chords: R·2·asin(√h), h = c²/4
    /// (capped at 1). Relative error about 2 ulps.
    @inline(__always)
    static func meters(chordSquared c2: D4) -> D4 {
        let h: D4 = SIMDMath.min(c2 * 0.25, 1)
        let u: D4 = SIMDMath.sqrt(h)
        return SIMDMath.twiceAsinUnit(u, square: h) * radius
    }

    /// `meters(chordSquared:)` of one value (lane 0).
    @inline(__always)
    static func meters(chordSquared c2: Double) -> Double {
        meters(chordSquared: D4(repeating: c2))[0]
    }

    /// A squared-chord threshold that every point within `meters` of the query passes:
    /// the outer bound of `SphereBand(angle: d / R)` (its margins cover the rounding of
    /// this function and of `meters(chordSquared:)` many times over). Callers decide on
    /// the metres themselves; this only discards what is certainly farther. Capped at
    /// `maxChordSquared` (half the circumference or more: every point).
    static func chordSquaredBound(meters: Double) -> Double {
        let theta = meters / radius
        if !(theta < .pi) { return maxChordSquared }
        return min(maxChordSquared, SphereBand(angle: theta).outsideChordSquared)
    }

    /// The squared-chord threshold that every point whose distance in metres is at most
    /// that of a point with squared chord `c2` passes (the metres function is monotone
    /// to within a few ulps; 1e-12 relative is far beyond that).
    @inline(__always)
    static func chordSquaredBound(chordSquared c2: Double) -> Double {
        min(maxChordSquared, c2 * (1 + 1e-12) + 1e-300)
    }

    /// The ordering key of a point for packing: the cube face of its unit vector (0–5)
    /// and the 16-bit Hilbert index of its gnomonic position on that face (32 bits), as
    /// in S2 (Veach et al.). Nearby points get nearby keys; the key only affects speed,
    /// never results.
    @inline(__always)
    static func packingKey(_ x: Double, _ y: Double, _ z: Double) -> UInt64 {
        let ax = Swift.abs(x), ay = Swift.abs(y), az = Swift.abs(z)
        let face: UInt64
        let u: Double, v: Double, m: Double
        if ax >= ay && ax >= az {
            face = x >= 0 ? 0 : 3; u = y; v = z; m = ax
        } else if ay >= az {
            face = y >= 0 ? 1 : 4; u = z; v = x; m = ay
        } else {
            face = z >= 0 ? 2 : 5; u = x; v = y; m = az
        }
        let scale = 32768 / m
        let fu = Swift.min(65535, Swift.max(0, (u * scale) + 32768))
        let fv = Swift.min(65535, Swift.max(0, (v * scale) + 32768))
        // NaN (never for valid points) becomes 0 through the comparisons above.
        let iu = UInt32(fu.isNaN ? 0 : fu), iv = UInt32(fv.isNaN ? 0 : fv)
        return face << 32 | UInt64(hilbert16(iu, iv))
    }

    /// Index of (x, y) along the Hilbert curve of order 16: branch-free prefix
    /// computation of the curve state (F. Giesen's "Hilbert curve, fast" as used by
    /// flatbush), 32 bits out.
    @inline(__always)
    static func hilbert16(_ x: UInt32, _ y: UInt32) -> UInt32 {
        var a = x ^ y
        var b = 0xFFFF ^ a
        var c = 0xFFFF ^ (x | y)
        var d = x & (y ^ 0xFFFF)
        var A = a | (b >> 1)
        var B = (a >> 1) ^ a
        var C = ((c >> 1) ^ (b & (d >> 1))) ^ c
        var D = ((a & (c >> 1)) ^ (d >> 1)) ^ d

        a = A; b = B; c = C; d = D
        A = (a & (a >> 2)) ^ (b & (b >> 2))
        B = (a & (b >> 2)) ^ (b & ((a ^ b) >> 2))
        C ^= (a & (c >> 2)) ^ (b & (d >> 2))
        D ^= (b & (c >> 2)) ^ ((a ^ b) & (d >> 2))

        a = A; b = B; c = C; d = D
        A = (a & (a >> 4)) ^ (b & (b >> 4))
        B = (a & (b >> 4)) ^ (b & ((a ^ b) >> 4))
        C ^= (a & (c >> 4)) ^ (b & (d >> 4))
        D ^= (b & (c >> 4)) ^ ((a ^ b) & (d >> 4))

        a = A; b = B; c = C; d = D
        C ^= (a & (c >> 8)) ^ (b & (d >> 8))
        D ^= (b & (c >> 8)) ^ ((a ^ b) & (d >> 8))

        a = C ^ (C >> 1)
        b = D ^ (D >> 1)
        var i0 = x ^ y
        var i1 = b | (0xFFFF ^ (i0 | a))
        i0 = (i0 | (i0 << 8)) & 0x00FF_00FF
        i0 = (i0 | (i0 << 4)) & 0x0F0F_0F0F
        i0 = (i0 | (i0 << 2)) & 0x3333_3333
        i0 = (i0 | (i0 << 1)) & 0x5555_5555
        i1 = (i1 | (i1 << 8)) & 0x00FF_00FF
        i1 = (i1 | (i1 << 4)) & 0x0F0F_0F0F
        i1 = (i1 | (i1 << 2)) & 0x3333_3333
        i1 = (i1 | (i1 << 1)) & 0x5555_5555
        return (i1 << 1) | i0
    }
}
