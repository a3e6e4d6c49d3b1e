import CSIMDShim

// atan2 on SIMD4<Double> for the batch geodesic, within about one ulp of glibc's atan2
// (measured in the tests). Same code-generation rules as SIMDMath.swift.
//
// atan(t) = t + t·z·R(z), z = t², for |t| ≤ 7/16; R of degree 10 interpolates
// (atan(√z)/√z − 1)/z at the Chebyshev nodes of [0, (7/16)²] at 50 digits
// (scripts/simd-atan-coefficients.py): interpolation error 9.6e-17, relative error of atan
// with the coefficients rounded to Double 2.1e-17 (exact arithmetic, 2 000 points).
let atanC0: Double = -0.33333333333333326
let atanC1: Double = 0.1999999999998777
let atanC2: Double = -0.1428571428314864
let atanC3: Double = 0.11111110900560475
let atanC4: Double = -0.09090900195560148
let atanC5: Double = 0.07692087348767168
let atanC6: Double = -0.06663239299107136
let atanC7: Double = 0.05847724720645106
let atanC8: Double = -0.05033942776485848
let atanC9: Double = 0.03782521866106712
let atanC10: Double = -0.017547235157290005

/// The offsets K of atan2 = K ± atan(u), each as hi + lo (mpmath, 40 digits): atan ½, π/4,
/// π/2, atan 2, π, π − atan ½, 3π/4 and π − atan 2.
let atanHalfHi: Double = 0.4636476090008061, atanHalfLo: Double = 2.2698777452961687e-17
let quarterPiHi: Double = 0.7853981633974483, quarterPiLo: Double = 3.061616997868383e-17
let atanTwoHi: Double = 1.1071487177940904, atanTwoLo: Double = 9.40447137356638e-17
let piMinusAtanHalfHi: Double = 2.677945044588987, piMinusAtanHalfLo: Double = 1.5527705369303147e-16
let threeQuarterPiHi: Double = 2.356194490192345, threeQuarterPiLo: Double = 9.184850993605148e-17
let piMinusAtanTwoHi: Double = 2.0344439357957027, piMinusAtanTwoLo: Double = 2.841996617907152e-17

extension SIMDMath {
    /// a·b + c lane by lane, fused where the target has FMA (CSIMDShim_muladd4): for
    /// the geodesic batch's polynomials, whose results may differ in the last bit between
    /// builds. The other kernels keep a*b + c (the same bits on every build).
    @inline(__always)
    static func muladd(_ a: D4, _ b: D4, _ c: D4) -> D4 { CSIMDShim_muladd4(a, b, c) }

    /// atan(t) for |t| ≤ 7/16: odd, no branches, Estrin's scheme.
    @inline(__always)
    static func atanReduced(_ t: D4) -> D4 {
        let z: D4 = t * t
        let z2: D4 = z * z
        let z4: D4 = z2 * z2
        let z8: D4 = z4 * z4
        let p01: D4 = muladd(z, D4(repeating: atanC1), D4(repeating: atanC0))
        let p23: D4 = muladd(z, D4(repeating: atanC3), D4(repeating: atanC2))
        let p45: D4 = muladd(z, D4(repeating: atanC5), D4(repeating: atanC4))
        let p67: D4 = muladd(z, D4(repeating: atanC7), D4(repeating: atanC6))
        let p89: D4 = muladd(z, D4(repeating: atanC9), D4(repeating: atanC8))
        let p03: D4 = muladd(z2, p23, p01)
        let p47: D4 = muladd(z2, p67, p45)
        let p810: D4 = muladd(z2, D4(repeating: atanC10), p89)
        let p07: D4 = muladd(z4, p47, p03)
        let r: D4 = muladd(z8, p810, p07)
        let tz: D4 = t * z
        return muladd(tz, r, t)
    }

    /// atan2(y, x) in radians, in [-π, π], lane by lane, for finite y and x not both zero;
    /// the signs of zeros as libm's (atan2(±0, x > 0) = ±0, atan2(±0, −x) = ±π); within
    /// 1.3 ulps of the exact value (libm's is correctly rounded).
    ///
    /// The ratio t ≤ 1 of the smaller to the larger magnitude is reduced as fdlibm's atan
    /// does: t itself below 7/16, atan ½ + atan((2t − 1)/(2 + t)) below 11/16, else
    /// π/4 + atan((t − 1)/(t + 1)) (numerators exact, |argument| ≤ 0.19), as one division
    /// with per-lane constants. The octant (|y| > |x|, x < 0) only changes the offset and
    /// the sign of the small arc: atan2 = K ± atan(u) with K one of twelve constants in
    /// two parts, added last, so the result is rounded once. No branches.
    @inline(__always)
    static func atan2(_ y: D4, _ x: D4) -> D4 {
        let ax: D4 = abs(x)
        let ay: D4 = abs(y)
        let steep: U4 = topGreater(ay, ax)  // |y| > |x|: the complement of the angle
        let steepMask: U4 = U4(repeating: 0) &- (steep &>> 63)
        let num: D4 = select(steepMask, ax, ay)
        let den: D4 = select(steepMask, ay, ax)
        let t: D4 = num / den
        let middle: U4 = greater(t, 7.0 / 16)
        let top: U4 = greater(t, 11.0 / 16)
        // (a t − b) / (a + b t): (t − 0)/1, (2t − 1)/(2 + t), (t − 1)/(1 + t).
        let scale: D4 = select(middle & ~top, D4(repeating: 2), D4(repeating: 1))
        let shift: D4 = select(middle, D4(repeating: 1), D4(repeating: 0))
        let reducedNum: D4 = t * scale - shift
        let reducedDen: D4 = scale + shift * t
        let u: D4 = reducedNum / reducedDen
        let negativeX: U4 = U4(repeating: 0) &- (unsafeBitCast(x, to: U4.self) &>> 63)
        // The offsets of the three regions (direct, middle, top) for each octant class.
        @inline(__always) func region(_ direct: Double, _ middleK: Double, _ topK: Double) -> D4 {
            select(top, D4(repeating: topK), select(middle, D4(repeating: middleK), D4(repeating: direct)))
        }
        @inline(__always) func octant(_ flatPos: D4, _ steepPos: D4, _ flatNeg: D4, _ steepNeg: D4) -> D4 {
            select(negativeX, select(steepMask, steepNeg, flatNeg), select(steepMask, steepPos, flatPos))
        }
        let kHi: D4 = octant(
            region(0, atanHalfHi, quarterPiHi), region(halfPiHi, atanTwoHi, quarterPiHi),
            region(piHi, piMinusAtanHalfHi, threeQuarterPiHi), region(halfPiHi, piMinusAtanTwoHi, threeQuarterPiHi))
        let kLo: D4 = octant(
            region(0, atanHalfLo, quarterPiLo), region(halfPiLo, atanTwoLo, quarterPiLo),
            region(piLo, piMinusAtanHalfLo, threeQuarterPiLo), region(halfPiLo, piMinusAtanTwoLo, threeQuarterPiLo))
        // The small arc enters negated when exactly one of "steep" and "x < 0" holds.
        let flip: U4 = (steepMask ^ negativeX) & U4(repeating: 0x8000_0000_0000_0000)
        let arc: D4 = unsafeBitCast(unsafeBitCast(atanReduced(u), to: U4.self) ^ flip, to: D4.self)
        let a2: D4 = (arc + kLo) + kHi
        let ySign: U4 = unsafeBitCast(y, to: U4.self) & U4(repeating: 0x8000_0000_0000_0000)
        return unsafeBitCast(unsafeBitCast(a2, to: U4.self) | ySign, to: D4.self)
    }
}

extension SIMDMath {
    /// sin and cos of angles in degrees, |x| ≤ 180, lane by lane as
    /// `ExactDegrees.sincos` (reduced to a quarter turn first, so multiples of 90° give
    /// exact 0 and ±1, and sin(−0) = −0), with the polynomial sine in place of libm's:
    /// within about one ulp of it. No branches.
    @inline(__always)
    static func sincosDegrees(_ x: D4) -> (sin: D4, cos: D4) {
        let magic: Double = 6755399441055744  // 1.5 · 2⁵²: adding it rounds to an integer, ties to even
        let shifted: D4 = x / 90 + magic
        let q: D4 = shifted - magic
        let r: D4 = (x - 90 * q) * degreesToRadians
        let s: D4 = sinReduced(r)
        let c: D4 = cos(r).replacing(with: 1, where: r .== 0)  // exact at multiples of 90°
        let quadrant: U4 = unsafeBitCast(shifted, to: U4.self)
        let odd: U4 = U4(repeating: 0) &- (quadrant & 1)
        let sx0: D4 = select(odd, c, s)
        let cx0: D4 = select(odd, s, c)
        let sinSign: U4 = ((quadrant &>> 1) & 1) &<< 63
        let cosSign: U4 = (((quadrant &+ 1) &>> 1) & 1) &<< 63
        let sx: D4 = unsafeBitCast(unsafeBitCast(sx0, to: U4.self) ^ sinSign, to: D4.self)
        let cx: D4 = unsafeBitCast(unsafeBitCast(cx0, to: U4.self) ^ cosSign, to: D4.self) + 0
        let xSign: U4 = unsafeBitCast(x, to: U4.self) & U4(repeating: 0x8000_0000_0000_0000)
        let signedZero: D4 = unsafeBitCast(xSign, to: D4.self)
        return (sx.replacing(with: signedZero, where: sx .== 0), cx)
    }
}

/// The batch geodesic's vector functions, for the tests (package scope).
package enum GeodesicBatchMath {
    /// `SIMDMath.atan2`: radians, lane by lane.
    package static func atan2(_ y: SIMD4<Double>, _ x: SIMD4<Double>) -> SIMD4<Double> {
        SIMDMath.atan2(y, x)
    }

    /// `SIMDMath.sincosDegrees`: |x| ≤ 180 degrees.
    package static func sincosDegrees(_ x: SIMD4<Double>) -> (sin: SIMD4<Double>, cos: SIMD4<Double>) {
        SIMDMath.sincosDegrees(x)
    }
}
