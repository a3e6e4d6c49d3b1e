import CSIMDShim

// Branch-free sin and asin on SIMD4<Double>, within about one ulp of glibc, for the
// batch kernels. Written for the code generator of Swift 6.3 on x86-64:
// - square roots go through CSIMDShim_sqrt4 (sqrtpd); SIMD.squareRoot() would become
//   four scalar libm calls with errno checks on baseline x86-64;
// - no .rounded(), no addingProduct (libm fma calls below x86-64-v3): a*b + c written out;
// - absolute values, most selects and all masks are integer bit operations (see the
//   top-bit masks below); SIMDMask reductions and selects made LLVM shuffle lanes;
// - polynomial steps are one typed `let` per line (long SIMD expressions time out the
//   type checker), in Estrin's scheme: the kernels are latency-bound, not throughput-bound.
//
// Coefficients were derived for GeoKernel (not copied from any library) with a weighted
// Remez exchange written in Python with mpmath at 60 digits: polynomial in z = x² of the
// given degree, weight chosen so that the levelled quantity is the relative error of the
// final function (sin or asin), reference initialised at Chebyshev extrema, exchange on
// a 6 000-point grid until the error levels to 1e-6. The coefficients were then rounded
// to Double and the error re-measured in exact arithmetic on 4 000 points; both figures
// are given with each polynomial. The rounding of the Double evaluation adds about half
// an ulp on top.

typealias D4 = SIMD4<Double>
typealias U4 = SIMD4<UInt64>

/// π = piHi + piLo, with piHi the Double nearest to π (mpmath, 50 digits).
let piHi: Double = 3.141592653589793
let piLo: Double = 1.2246467991473532e-16
/// π/2 = halfPiHi + halfPiLo.
let halfPiHi: Double = 1.5707963267948966
let halfPiLo: Double = 6.123233995736766e-17

// sin(x) = x + x·z·Q(z), z = x², for |x| ≤ 1.5708 (just beyond π/2).
// Weighted Remez fit of Q of degree 7 (sin through x^17) to (sin(√z)/√z − 1)/z on
// z ∈ [0, 1.5708²], weight z^{3/2}/sin(√z), i.e. the relative error of sin.
// Levelled error 2.8e-19; with the coefficients rounded to Double 5.6e-18 relative.
let sinC0: Double = -0.16666666666666666
let sinC1: Double = 0.008333333333333194
let sinC2: Double = -0.00019841269841209218
let sinC3: Double = 2.755731921113699e-06
let sinC4: Double = -2.505210687277547e-08
let sinC5: Double = 1.605893970450953e-10
let sinC6: Double = -7.642991452221698e-13
let sinC7: Double = 2.7211745623177786e-15

// asin(u) = u + u·z·R(z), z = u², for 0 ≤ u ≤ 0.5.
// Weighted Remez fit of R of degree 11 (asin through u^25) to (asin(√z)/√z − 1)/z on
// z ∈ [0, 0.25], weight z^{3/2}/asin(√z), i.e. the relative error of asin.
// Levelled error 1.5e-17; with the coefficients rounded to Double 1.6e-17 relative.
let asinC0: Double = 0.16666666666665408
let asinC1: Double = 0.07500000000337013
let asinC2: Double = 0.04464285682832987
let asinC3: Double = 0.030381959136891304
let asinC4: Double = 0.022371758052545956
let asinC5: Double = 0.017359704726557304
let asinC6: Double = 0.013885235884230658
let asinC7: Double = 0.012169208524595057
let asinC8: Double = 0.006527990161512054
let asinC9: Double = 0.019528221391308293
let asinC10: Double = -0.016224180475149595
let asinC11: Double = 0.031912218490591726

enum SIMDMath {
    /// Which build of the C kernels this CPU runs (CSIMDShim_vector_level, asked once):
    /// 2 AVX-512F, 1 AVX2, 0 the library's own target. Every build gives the same bits.
    static let vectorLevel: CInt = CSIMDShim_vector_level()

    /// Unit vectors of four points given in degrees (latitude in [-90, 90], longitude in
    /// [-180, 180]): x towards (0°, 0°), y towards (0°, 90°E), z towards the north pole.
    /// GeoKernel's one conversion to unit vectors, with `unitVector(latitude:longitude:)`
    /// (one point, the same bits): every component within about 6e-16 of exact.
    /// Used by UnitVectorBuffer, the spatial index, `UnitVector` and the geofence monitor.
    @inline(__always)
    static func unitVectors(_ lat: D4, _ lon: D4) -> (x: D4, y: D4, z: D4) {
        let phi: D4 = lat * degreesToRadians
        let lambda: D4 = lon * degreesToRadians
        let cosPhi: D4 = cos(phi)
        let sinPhi: D4 = sinReduced(phi)
        let cosLambda: D4 = cos(lambda)
        let sinLambda: D4 = sin(lambda)
        return (cosPhi * cosLambda, cosPhi * sinLambda, sinPhi)
    }

    /// The unit vector of one point in degrees: lane for lane the operations of
    /// `unitVectors` (so bit for bit its result), with the four sines of the one point
    /// (sin φ, |sin λ|, cos φ, cos λ) in the four lanes of a single `sinReduced`: about a
    /// quarter of the work of `unitVectors` on a repeated point, and no libm.
    ///
    /// - Complexity: O(1): one degree-17 polynomial on four lanes.
    @inline(__always)
    static func unitVector(latitude: Double, longitude: Double) -> (x: Double, y: Double, z: Double) {
        let phi = latitude * degreesToRadians
        let lambda = longitude * degreesToRadians
        let angles = D4(phi, lambda, phi, lambda)
        let folded: D4 = foldUpToPi(angles)
        let complement: D4 = halfPiMinusAbs(angles)
        let x = D4(phi, folded[1], complement[2], complement[3])
        let s: D4 = sinReduced(x)
        let signBit = lambda.bitPattern & 0x8000_0000_0000_0000
        let sinLambda = Double(bitPattern: s[1].bitPattern ^ signBit)
        return (s[2] * s[3], s[2] * sinLambda, s[0])
    }

    /// Lane-wise square root (sqrtpd on every x86-64 level).
    @inline(__always)
    static func sqrt(_ x: D4) -> D4 { CSIMDShim_sqrt4(x) }

    /// Lane-wise |x| (clears the sign bit).
    @inline(__always)
    static func abs(_ x: D4) -> D4 {
        let bits: U4 = unsafeBitCast(x, to: U4.self) & U4(repeating: 0x7FFF_FFFF_FFFF_FFFF)
        return unsafeBitCast(bits, to: D4.self)
    }

    /// All-ones lanes where a > b, zero lanes elsewhere, for a, b ≥ +0 and not NaN:
    /// non-negative doubles are ordered like their bit patterns, so this is an integer
    /// subtraction and shift. Integer masks keep the code free of the lane shuffles that
    /// LLVM emits for SIMDMask-based selects in these kernels.
    @inline(__always)
    static func greater(_ a: D4, _ b: Double) -> U4 {
        let ua: U4 = unsafeBitCast(a, to: U4.self)
        let diff: U4 = U4(repeating: b.bitPattern) &- ua
        return U4(repeating: 0) &- (diff &>> 63)
    }

    /// Lane-wise `mask ? a : b` for an all-ones/zero integer mask.
    @inline(__always)
    static func select(_ mask: U4, _ a: D4, _ b: D4) -> D4 {
        let ua: U4 = unsafeBitCast(a, to: U4.self)
        let ub: U4 = unsafeBitCast(b, to: U4.self)
        return unsafeBitCast((ua & mask) | (ub & ~mask), to: D4.self)
    }

    /// Lane-wise min(a, b) for a ≥ +0 and not NaN.
    @inline(__always)
    static func min(_ a: D4, _ b: Double) -> D4 {
        select(greater(a, b), D4(repeating: b), a)
    }

    // Top-bit masks: for non-negative, non-NaN doubles (+∞ allowed), bits(b) − bits(a)
    // has its top bit set exactly when a > b, because such doubles are ordered like their
    // bit patterns. They are combined with & and |, tested with anyTop/allTop and
    // stored as Bools; on baseline x86-64 this avoids the lane extractions LLVM emits
    // for SIMDMask reductions.

    /// Top bit set in the lanes where a > b (a, b ≥ +0, not NaN).
    @inline(__always)
    static func topGreater(_ a: D4, _ b: D4) -> U4 {
        unsafeBitCast(b, to: U4.self) &- unsafeBitCast(a, to: U4.self)
    }

    /// Whether any lane of a top-bit mask is set.
    @inline(__always)
    static func anyTop(_ m: U4) -> Bool {
        let x: SIMD2<UInt64> = m.lowHalf | m.highHalf
        return (x[0] | x[1]) >> 63 != 0
    }

    /// Whether every lane of a top-bit mask is set.
    @inline(__always)
    static func allTop(_ m: U4) -> Bool {
        let x: SIMD2<UInt64> = m.lowHalf & m.highHalf
        return (x[0] & x[1]) >> 63 != 0
    }

    /// 1 in the lanes of a top-bit mask that are set, else 0.
    @inline(__always)
    static func ones(top m: U4) -> SIMD4<Int64> {
        SIMD4<Int64>(truncatingIfNeeded: m &>> 63)
    }

    /// Stores the four lanes of a top-bit mask as Bools at `p`.
    @inline(__always)
    static func store(top m: U4, to p: UnsafeMutablePointer<Bool>) {
        let bytes = SIMD4<UInt8>(truncatingIfNeeded: m &>> 63)
        UnsafeMutableRawPointer(p).storeBytes(of: bytes, as: SIMD4<UInt8>.self)
    }

    /// sin(x) for |x| ≤ 1.5708; agrees with glibc's sin to 2.4e-16 relative (measured on
    /// 2 million random arguments). No branches. The polynomial
    /// is evaluated by Estrin's scheme (pairs, then z², z⁴) rather than Horner's, to
    /// shorten the chain of dependent operations from 16 to 8.
    @inline(__always)
    static func sinReduced(_ x: D4) -> D4 {
        let z: D4 = x * x
        let z2: D4 = z * z
        let z4: D4 = z2 * z2
        let p01: D4 = z * sinC1 + sinC0
        let p23: D4 = z * sinC3 + sinC2
        let p45: D4 = z * sinC5 + sinC4
        let p67: D4 = z * sinC7 + sinC6
        let p03: D4 = z2 * p23 + p01
        let p47: D4 = z2 * p67 + p45
        let q: D4 = z4 * p47 + p03
        let xz: D4 = x * z
        return xz * q + x
    }

    /// |sin(x)| for |x| ≤ π (+ a few ulps), via sin(π − |x|) above π/2 with π split in
    /// two parts (π_hi − |x| is exact there by Sterbenz's lemma).
    @inline(__always)
    static func absSinUpToPi(_ x: D4) -> D4 { sinReduced(foldUpToPi(x)) }

    /// min(|x|, π − |x|) for |x| ≤ π: an argument in [0, π/2] with the same |sin|.
    @inline(__always)
    static func foldUpToPi(_ x: D4) -> D4 {
        let a: D4 = abs(x)
        let folded: D4 = (piHi - a) + piLo
        return folded.replacing(with: a, where: a .< folded)
    }

    /// π/2 − |x| for |x| ≤ π (+ a few ulps), to about half an ulp: an exact
    /// Fast2Sum of π/2_hi − |x|, then the low part of π/2.
    @inline(__always)
    static func halfPiMinusAbs(_ x: D4) -> D4 {
        let a: D4 = abs(x)
        let s: D4 = halfPiHi - a
        let e: D4 = (halfPiHi - s) - a
        let lo: D4 = e + halfPiLo
        return s + lo
    }

    /// cos(x) for |x| ≤ π as sin(π/2 − |x|): relatively accurate near ±π/2 (the poles),
    /// where it equals libm's cos of the same rounded radian value to about an ulp.
    @inline(__always)
    static func cos(_ x: D4) -> D4 { sinReduced(halfPiMinusAbs(x)) }

    /// sin(x) for |x| ≤ π.
    @inline(__always)
    static func sin(_ x: D4) -> D4 {
        let s: D4 = absSinUpToPi(x)
        let sign: U4 = unsafeBitCast(x, to: U4.self) & U4(repeating: 0x8000_0000_0000_0000)
        return unsafeBitCast(unsafeBitCast(s, to: U4.self) ^ sign, to: D4.self)
    }

    /// 2·asin(u) for 0 ≤ u ≤ 1 (the central angle from u = √h), agreeing with glibc's
    /// 2 * asin(u) to 4.3e-16 relative (2 million random arguments); `square` is u² or
    /// h itself (it only enters the small correction term). No branches: the polynomial
    /// (Estrin's scheme) runs once, on u (u ≤ 0.5) or on w = √((1 − u)/2) (u > 0.5),
    /// where 2·asin(u) = π − 4·asin(w). Doubling is exact, so this is 2 * asin(u) with
    /// the asin rounded once.
    @inline(__always)
    static func twiceAsinUnit(_ u: D4, square: D4) -> D4 {
        let big: U4 = greater(u, 0.5)
        let t: D4 = (1 - u) * 0.5
        let w: D4 = sqrt(t)
        let x: D4 = select(big, w, u)
        let z: D4 = select(big, t, square)
        let z2: D4 = z * z
        let z4: D4 = z2 * z2
        let z8: D4 = z4 * z4
        let p01: D4 = z * asinC1 + asinC0
        let p23: D4 = z * asinC3 + asinC2
        let p45: D4 = z * asinC5 + asinC4
        let p67: D4 = z * asinC7 + asinC6
        let p89: D4 = z * asinC9 + asinC8
        let p1011: D4 = z * asinC11 + asinC10
        let p03: D4 = z2 * p23 + p01
        let p47: D4 = z2 * p67 + p45
        let p811: D4 = z2 * p1011 + p89
        let p07: D4 = z4 * p47 + p03
        let r: D4 = z8 * p811 + p07
        let xz: D4 = x * z
        let p: D4 = xz * r + x
        let twoP: D4 = p + p
        let fourP: D4 = twoP + twoP
        let upper: D4 = (piHi - fourP) + piLo
        return select(big, upper, twoP)
    }
}
