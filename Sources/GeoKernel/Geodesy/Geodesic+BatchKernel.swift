// The batch geodesic's kernel: Karney's inverse problem (the general case: start, Newton's
// method on λ₁₂, distance) on four points at once, lane for lane the operations of
// `solveInverse` with SIMDMath's sin, cos and atan2 in place of libm's. A lane leaves the
// vector path for the scalar solution (`distanceMeters`) wherever the scalar takes a
// branch the kernel does not: a meridian or the equator, a line short enough for its first
// guess to be exact, nearly antipodal points (the astroid's start), a Newton step that
// fails (bisection) or more than `GeodesicTolerance.maxit1` steps.

typealias M4 = SIMDMask<SIMD4<Int64>>

/// Seven coefficients of one of the geodesic's series at four values of ε.
struct SeriesAt4 {
    var k0 = D4(), k1 = D4(), k2 = D4(), k3 = D4(), k4 = D4(), k5 = D4(), k6 = D4()
}

extension EpsSeries {
    /// The seven coefficients at four values of ε, for C₁ and C₂ (and lane 0, A₁ and A₂):
    /// lane l is ε^l times a polynomial in ε² (Karney 2013, eqs. 17-18 and 42-43:
    /// `GeodesicSeries.make` sets no other row, whatever the ellipsoid), so only those rows
    /// are evaluated. Were a table to change, the batch's test against GeographicLib on
    /// five ellipsoids would fail.
    @inline(__always)
    func alternatingAt(_ eps: D4) -> SeriesAt4 {
        let q: D4 = eps * eps
        let q3: D4 = q * eps
        let q4: D4 = q * q
        let k0: D4 = horner(q, e0[0], e2s[0], e4s[0], e6[0])
        let k1: D4 = horner(q, e1[1], e3s[1], e5[1]) * eps
        let k2: D4 = horner(q, e2s[2], e4s[2], e6[2]) * q
        let k3: D4 = horner(q, e3s[3], e5[3]) * q3
        let k4: D4 = horner(q, e4s[4], e6[4]) * q4
        let k5: D4 = q4 * eps * e5[5]
        let k6: D4 = q4 * q * e6[6]
        return SeriesAt4(k0: k0, k1: k1, k2: k2, k3: k3, k4: k4, k5: k5, k6: k6)
    }

    /// The coefficients at four values of ε for C₃ (lane 0, A₃): lane l has the rows
    /// l ... 5 only (Karney 2013, eq. 25; likewise), lane 6 is zero.
    @inline(__always)
    func triangularAt(_ eps: D4) -> SeriesAt4 {
        let q: D4 = eps * eps
        let q3: D4 = q * eps
        let q4: D4 = q * q
        let k0: D4 = horner(eps, e0[0], e1[0], e2s[0], e3s[0], e4s[0], e5[0])
        let k1: D4 = horner(eps, e1[1], e2s[1], e3s[1], e4s[1], e5[1]) * eps
        let k2: D4 = horner(eps, e2s[2], e3s[2], e4s[2], e5[2]) * q
        let k3: D4 = horner(eps, e3s[3], e4s[3], e5[3]) * q3
        let k4: D4 = horner(eps, e4s[4], e5[4]) * q4
        let k5: D4 = q4 * eps * e5[5]
        return SeriesAt4(k0: k0, k1: k1, k2: k2, k3: k3, k4: k4, k5: k5, k6: D4())
    }

    // Rows 2, 3 and 4 (named apart from the powers of ε).
    private var e2s: SIMD8<Double> { self.e2 }
    private var e3s: SIMD8<Double> { self.e3 }
    private var e4s: SIMD8<Double> { self.e4 }
}

/// c₀ + x c₁ + x² c₂ + … by Horner's rule on four lanes (two to six coefficients).
@inline(__always)
func horner(_ x: D4, _ c0: Double, _ c1: Double) -> D4 {
    SIMDMath.muladd(x, D4(repeating: c1), D4(repeating: c0))
}

@inline(__always)
func horner(_ x: D4, _ c0: Double, _ c1: Double, _ c2: Double) -> D4 {
    SIMDMath.muladd(x, horner(x, c1, c2), D4(repeating: c0))
}

@inline(__always)
func horner(_ x: D4, _ c0: Double, _ c1: Double, _ c2: Double, _ c3: Double) -> D4 {
    SIMDMath.muladd(x, horner(x, c1, c2, c3), D4(repeating: c0))
}

@inline(__always)
func horner(_ x: D4, _ c0: Double, _ c1: Double, _ c2: Double, _ c3: Double, _ c4: Double) -> D4 {
    SIMDMath.muladd(x, horner(x, c1, c2, c3, c4), D4(repeating: c0))
}

@inline(__always)
func horner(
    _ x: D4, _ c0: Double, _ c1: Double, _ c2: Double, _ c3: Double, _ c4: Double, _ c5: Double
) -> D4 {
    SIMDMath.muladd(x, horner(x, c1, c2, c3, c4, c5), D4(repeating: c0))
}

/// `sineSeries` on four lanes: Σ_{l=1}^{6} k_l sin 2lσ by Clenshaw summation.
@inline(__always)
func sineSeries4(_ s: D4, _ c: D4, _ k: SeriesAt4) -> D4 {
    let ar: D4 = 2 * (c - s) * (c + s)
    let y6: D4 = k.k6
    let y5: D4 = SIMDMath.muladd(ar, y6, k.k5)
    let y4: D4 = SIMDMath.muladd(ar, y5, k.k4 - y6)
    let y3: D4 = SIMDMath.muladd(ar, y4, k.k3 - y5)
    let y2: D4 = SIMDMath.muladd(ar, y3, k.k2 - y4)
    let y1: D4 = SIMDMath.muladd(ar, y2, k.k1 - y3)
    return 2 * s * c * y1
}

/// √(x² + y²) on four lanes (values as for `length`).
@inline(__always)
func length4(_ x: D4, _ y: D4) -> D4 { SIMDMath.sqrt(x * x + y * y) }

/// (x, y) scaled to unit length on four lanes (one division, two products).
@inline(__always)
func normalize4(_ x: inout D4, _ y: inout D4) {
    let r: D4 = 1 / length4(x, y)
    x *= r
    y *= r
}

/// sin and cos of Newton steps (|x| < π): `smallSinCos`'s Taylor polynomials when every
/// lane is below 1/64 rad (the usual step after the first), SIMDMath's otherwise.
@inline(__always)
func smallSinCos4(_ x: D4) -> (sin: D4, cos: D4) {
    guard SIMDMath.abs(x).max() < 1.0 / 64 else { return sinCos4(x) }
    let x2: D4 = x * x
    let s: D4 = SIMDMath.muladd(x * x2, horner(x2, -1.0 / 6, 1.0 / 120, -1.0 / 5040), x)
    let c: D4 = SIMDMath.muladd(x2, horner(x2, -0.5, 1.0 / 24, -1.0 / 720), D4(repeating: 1))
    return (s, c)
}

// The kernel's sines and arc tangents, one copy each (three call sites apiece: the
// library's size, at the cost of a call per use).

/// SIMDMath's sin and cos of |x| ≤ π.
@inline(never)
func sinCos4(_ x: D4) -> (sin: D4, cos: D4) { (SIMDMath.sin(x), SIMDMath.cos(x)) }

/// SIMDMath.sincosDegrees (|x| ≤ 180°).
@inline(never)
func sincosDegrees4(_ x: D4) -> (sin: D4, cos: D4) { SIMDMath.sincosDegrees(x) }

/// SIMDMath.atan2.
@inline(never)
func atan2x4(_ y: D4, _ x: D4) -> D4 { SIMDMath.atan2(y, x) }

/// max(x, 0) + 0: negative lanes and −0 become +0.
@inline(__always)
func positivePart4(_ x: D4) -> D4 { x.replacing(with: 0, where: x .< 0) + 0 }

private typealias Tol = GeodesicTolerance

extension Geodesic {
    /// `inverseAngles` on four points from one origin (longitudes in [-180, 180], as
    /// validated): lat1 and lat2 of the reduced problem, lon12 and lon12s, in degrees. The
    /// signs that only orient azimuths are not formed (a distance does not need them).
    @inline(__always)
    func inverseAngles4(_ lat1: Double, _ lon1: Double, _ lat2: D4, _ lon2: D4) -> (D4, D4, D4, D4) {
        let signMask = U4(repeating: 0x8000_0000_0000_0000)
        @inline(__always) func signOf(_ x: D4) -> U4 { unsafeBitCast(x, to: U4.self) & signMask }
        @inline(__always) func withSign(_ magnitude: D4, _ sign: U4) -> D4 {
            unsafeBitCast(unsafeBitCast(SIMDMath.abs(magnitude), to: U4.self) | sign, to: D4.self)
        }
        @inline(__always) func twoSum(_ u: D4, _ v: D4) -> (D4, D4) {
            let s: D4 = u + v
            let up: D4 = s - v
            let vpp: D4 = s - up
            let error: D4 = 0 - ((up - u) + (vpp - v))
            return (s, error.replacing(with: s, where: s .== 0))
        }
        @inline(__always) func rounded(_ x: D4) -> D4 {
            let z = 1.0 / 16
            let y: D4 = SIMDMath.abs(x)
            let tiny: D4 = z - (z - y)
            return withSign(y.replacing(with: tiny, where: y .< z), signOf(x))
        }
        // ExactDegrees.difference(lon1, lon2), its inputs already in range.
        let from = D4(repeating: lon1)
        let (s1, e1) = twoSum(-from, lon2)
        let wrapped: D4 = s1 - withSign(D4(repeating: 360), signOf(s1))
        let s1r: D4 = s1.replacing(with: wrapped, where: SIMDMath.abs(s1) .> 180)
        var (d, e) = twoSum(s1r, e1)
        let signSource: D4 = (-e).replacing(with: lon2 - from, where: e .== 0)
        d.replace(with: withSign(d, signOf(signSource)), where: (d .== 0) .| (SIMDMath.abs(d) .== 180))
        let dSign = signOf(d)
        let lon12: D4 = SIMDMath.abs(rounded(d))
        let signedE = unsafeBitCast(unsafeBitCast(e, to: U4.self) ^ dSign, to: D4.self)
        let lon12s: D4 = rounded((180 - lon12) - signedE)
        // The latitudes swapped so that |lat1| ≥ |lat2|, then lat1 made ≤ 0.
        let la = D4(repeating: ExactDegrees.rounded(lat1)), lb = rounded(lat2)
        let swaps: M4 = SIMDMath.abs(la) .< SIMDMath.abs(lb)
        let first: D4 = la.replacing(with: lb, where: swaps)
        let second: D4 = lb.replacing(with: la, where: swaps)
        let flip: U4 = signOf(first) ^ signMask
        let secondSigned = unsafeBitCast(unsafeBitCast(second, to: U4.self) ^ flip, to: D4.self)
        return (withSign(first, signMask), secondSigned, lon12, lon12s)
    }

    /// Four inverse problems from one origin reduced as `reduceInverse` does, the sines
    /// and cosines on four lanes; `eligible` is false in the lanes the scalar solves on its
    /// own branches (a meridian, the equator).
    @inline(__always)
    func reduce4(_ lat1: Double, _ lon1: Double, _ points: CoordinateColumns, _ i: Int) -> (
        eligible: M4, sbet1: D4, cbet1: D4, dn1: D4, sbet2: D4, cbet2: D4, dn2: D4,
        lam12: D4, slam12: D4, clam12: D4
    ) {
        let latitudes = D4(
            points.latitude(i), points.latitude(i + 1), points.latitude(i + 2), points.latitude(i + 3))
        let longitudes = D4(
            points.longitude(i), points.longitude(i + 1), points.longitude(i + 2), points.longitude(i + 3))
        let (lat1r, lat2r, lon12, lon12s) = inverseAngles4(lat1, lon1, latitudes, longitudes)
        let west: M4 = lon12 .> 90
        let lam = sincosDegrees4(lon12.replacing(with: lon12s, where: west))
        let clam12: D4 = lam.cos.replacing(with: -lam.cos, where: west)
        var (sbet1, cbet1) = sincosDegrees4(lat1r)
        sbet1 *= f1
        normalize4(&sbet1, &cbet1)
        cbet1.replace(with: Tol.tiny, where: cbet1 .< Tol.tiny)
        var (sbet2, cbet2) = sincosDegrees4(lat2r)
        sbet2 *= f1
        normalize4(&sbet2, &cbet2)
        cbet2.replace(with: Tol.tiny, where: cbet2 .< Tol.tiny)
        // Equal latitudes (or the pole) recognised exactly.
        let polar: M4 = cbet1 .< -sbet1
        let sbet1Magnitude: D4 = SIMDMath.abs(sbet1)
        let sbet2Sign: U4 = unsafeBitCast(sbet2, to: U4.self) & U4(repeating: 0x8000_0000_0000_0000)
        let equalSbet: D4 = unsafeBitCast(unsafeBitCast(sbet1Magnitude, to: U4.self) | sbet2Sign, to: D4.self)
        sbet2.replace(with: equalSbet, where: polar .& (cbet2 .== cbet1))
        cbet2.replace(with: cbet1, where: .!polar .& (SIMDMath.abs(sbet2) .== -sbet1))
        let dn1: D4 = SIMDMath.sqrt(1 + ep2 * sbet1 * sbet1)
        let dn2: D4 = SIMDMath.sqrt(1 + ep2 * sbet2 * sbet2)
        let eligible: M4 = (lat1r .!= -90) .& (lam.sin .!= 0) .& (sbet1 .!= 0)
        return (eligible, sbet1, cbet1, dn1, sbet2, cbet2, dn2, lon12 * degreesToRadians, lam.sin, clam12)
    }

    /// The distances of four reduced problems (`reduceInverse`'s results, one per lane),
    /// in metres, and the lanes the kernel leaves to the scalar solution (their distances
    /// are not computed).
    func distances4(
        _ sbet1: D4, _ cbet1: D4, _ dn1: D4, _ sbet2: D4, _ cbet2: D4, _ dn2: D4,
        _ lam12: D4, _ slam12: D4, _ clam12: D4, eligible: M4
    ) -> (distances: D4, scalar: M4) {
        // The first guess (`inverseStart`, its general and short-line branches).
        let sbet12: D4 = sbet2 * cbet1 - cbet2 * sbet1
        let cbet12: D4 = cbet2 * cbet1 + sbet2 * sbet1
        let sbet12a: D4 = sbet2 * cbet1 + cbet2 * sbet1
        let shortline: M4 = (cbet12 .>= 0) .& (sbet12 .< 0.5) .& (cbet2 * lam12 .< 0.5)
        let sbetSum: D4 = sbet1 + sbet2, cbetSum: D4 = cbet1 + cbet2
        let sbetm2: D4 = (sbetSum * sbetSum) / (sbetSum * sbetSum + cbetSum * cbetSum)
        let dnm: D4 = SIMDMath.sqrt(1 + ep2 * sbetm2)
        let omgShort: D4 = lam12 / (f1 * dnm)
        let short = sinCos4(omgShort)
        let somg12: D4 = short.sin.replacing(with: slam12, where: .!shortline)
        let comg12: D4 = short.cos.replacing(with: clam12, where: .!shortline)
        var (salp1, calp1) = startAzimuth(sbet1, sbet12, sbet12a, cbet2, somg12, comg12)
        let ssig12: D4 = length4(salp1, calp1)
        let csig12: D4 = sbet1 * sbet2 + cbet1 * cbet2 * comg12
        let exact: M4 = shortline .& (ssig12 .< etol2)
        let nearAntipode: M4 = Swift.abs(n) > 0.1
            ? M4(repeating: false)
            : (csig12 .< 0) .& (ssig12 .< 6 * Swift.abs(n) * .pi * cbet1 * cbet1)
        var scalar: M4 = .!eligible .| exact .| nearAntipode
        do {
            // Refined by the first-order longitude difference (long lines only).
            var s = salp1, c = calp1
            normalize4(&s, &c)
            let salp0: D4 = s * cbet1
            let calp0: D4 = length4(c, s * sbet1)
            let k2: D4 = calp0 * calp0 * ep2
            let eps: D4 = k2 / (2 * (1 + SIMDMath.sqrt(1 + k2)) + k2)
            let omg12: D4 = lam12 + f * series.c3.triangularAt(eps).k0 * salp0 * atan2x4(ssig12, csig12)
            let refine: M4 = .!shortline .& (omg12 .< .pi)
            if any(refine .& .!scalar) {
                let refined = sinCos4(omg12)
                let (rs, rc) = startAzimuth(sbet1, sbet12, sbet12a, cbet2, refined.sin, refined.cos)
                salp1.replace(with: rs, where: refine)
                calp1.replace(with: rc, where: refine)
            }
        }
        let unset: M4 = .!(salp1 .> 0)
        normalize4(&salp1, &calp1)
        salp1.replace(with: 1, where: unset)
        calp1.replace(with: 0, where: unset)

        // Newton's method on λ₁₂ − lam12, every lane in step with the scalar loop.
        var active: M4 = .!scalar
        var tripn = M4(repeating: false)
        var sig12 = D4(), ssig1 = D4(), csig1 = D4(), ssig2 = D4(), csig2 = D4(), eps = D4()
        var numit = 0
        while any(active) {
            let r = lambda12x4(sbet1, cbet1, sbet2, cbet2, salp1, calp1, slam12, clam12)
            sig12.replace(with: r.sig12, where: active)
            ssig1.replace(with: r.ssig1, where: active)
            csig1.replace(with: r.csig1, where: active)
            ssig2.replace(with: r.ssig2, where: active)
            csig2.replace(with: r.csig2, where: active)
            eps.replace(with: r.eps, where: active)
            let v = r.lam12
            let threshold = D4(repeating: Tol.tol0).replacing(with: 8 * Tol.tol0, where: tripn)
            active = active .& (SIMDMath.abs(v) .>= threshold)
            numit += 1
            guard any(active) else { break }
            if numit > Tol.maxit1 {
                scalar = scalar .| active
                break
            }
            // dλ₁₂/dα₁ (`derivative`), then the step.
            let m12b = reducedLength4(
                r.eps, r.sig12, r.ssig1, r.csig1, dn1, r.ssig2, r.csig2, dn2)
            let dlam12: D4 = m12b * f1 / (r.calp2 * cbet2)
            let dalp1: D4 = -v / dlam12
            var ok: M4 = (r.calp2 .!= 0) .& (dlam12 .> 0) .& (SIMDMath.abs(dalp1) .< .pi)
            let step: D4 = dalp1.replacing(with: 0, where: .!ok)
            let (sdalp1, cdalp1) = smallSinCos4(step)
            var nsalp1: D4 = salp1 * cdalp1 + calp1 * sdalp1
            var ncalp1: D4 = calp1 * cdalp1 - salp1 * sdalp1
            ok = ok .& (nsalp1 .> 0)
            scalar = scalar .| (active .& .!ok)
            active = active .& ok
            normalize4(&nsalp1, &ncalp1)
            salp1.replace(with: nsalp1, where: active)
            calp1.replace(with: ncalp1, where: active)
            tripn.replace(with: SIMDMath.abs(v) .<= 16 * Tol.tol0, where: active)
        }

        // The distance (`lengthsAlong`, distance only).
        let c1 = series.c1.alternatingAt(eps)
        let a1: D4 = 1 + (c1.k0 + eps) / (1 - eps)
        let b1: D4 = sineSeries4(ssig2, csig2, c1) - sineSeries4(ssig1, csig1, c1)
        let s12: D4 = (a1 * (sig12 + b1)) * b
        return (0 + s12, scalar)
    }

    /// sin α₁ and cos α₁ (not normalised) of the great circle on the auxiliary sphere whose
    /// longitude difference has sine and cosine (somg12, comg12), as `inverseStart` forms them.
    @inline(__always)
    private func startAzimuth(
        _ sbet1: D4, _ sbet12: D4, _ sbet12a: D4, _ cbet2: D4, _ somg12: D4, _ comg12: D4
    ) -> (D4, D4) {
        let salp1: D4 = cbet2 * somg12
        let t: D4 = cbet2 * sbet1 * somg12 * somg12
        let east: D4 = sbet12 + t / (1 + comg12)
        let west: D4 = sbet12a - t / (1 - comg12)
        return (salp1, east.replacing(with: west, where: comg12 .< 0))
    }

    /// `lambda12` on four lanes (lanes with sbet1 = 0 are left to the scalar solution).
    @inline(__always)
    private func lambda12x4(
        _ sbet1: D4, _ cbet1: D4, _ sbet2: D4, _ cbet2: D4,
        _ salp1: D4, _ calp1: D4, _ slam120: D4, _ clam120: D4
    ) -> (lam12: D4, calp2: D4, sig12: D4, ssig1: D4, csig1: D4, ssig2: D4, csig2: D4, eps: D4) {
        let salp0: D4 = salp1 * cbet1
        let calp0: D4 = length4(calp1, salp1 * sbet1)
        var ssig1 = sbet1, csig1: D4 = calp1 * cbet1
        let somg1: D4 = salp0 * sbet1, comg1: D4 = calp1 * cbet1
        normalize4(&ssig1, &csig1)
        let polar: M4 = cbet1 .< -sbet1
        let d: D4 = ((cbet2 - cbet1) * (cbet1 + cbet2)).replacing(
            with: (sbet1 - sbet2) * (sbet1 + sbet2), where: .!polar)
        let cc: D4 = calp1 * cbet1
        var calp2: D4 = SIMDMath.sqrt(cc * cc + d) / cbet2
        calp2.replace(with: SIMDMath.abs(calp1), where: (cbet2 .== cbet1) .& (SIMDMath.abs(sbet2) .== -sbet1))
        var ssig2 = sbet2, csig2: D4 = calp2 * cbet2
        let somg2: D4 = salp0 * sbet2, comg2: D4 = calp2 * cbet2
        normalize4(&ssig2, &csig2)
        let sig12 = atan2x4(
            positivePart4(csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
        let somg12 = positivePart4(comg1 * somg2 - somg1 * comg2)
        let comg12: D4 = comg1 * comg2 + somg1 * somg2
        let eta = atan2x4(
            somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)
        let k2: D4 = calp0 * calp0 * ep2
        let eps: D4 = k2 / (2 * (1 + SIMDMath.sqrt(1 + k2)) + k2)
        let c3 = series.c3.triangularAt(eps)
        let b312: D4 = sineSeries4(ssig2, csig2, c3) - sineSeries4(ssig1, csig1, c3)
        let domg12: D4 = -f * c3.k0 * salp0 * (sig12 + b312)
        return (eta + domg12, calp2, sig12, ssig1, csig1, ssig2, csig2, eps)
    }

    /// m12 / b (`lengthsAlong` with `reduced` only) on four lanes.
    @inline(__always)
    private func reducedLength4(
        _ eps: D4, _ sig12: D4, _ ssig1: D4, _ csig1: D4, _ dn1: D4,
        _ ssig2: D4, _ csig2: D4, _ dn2: D4
    ) -> D4 {
        let c1 = series.c1.alternatingAt(eps), c2 = series.c2.alternatingAt(eps)
        let a1m1: D4 = (c1.k0 + eps) / (1 - eps)
        let a2m1: D4 = c2.k0 * (1 - eps) - eps
        let a1: D4 = 1 + a1m1, a2: D4 = 1 + a2m1
        let m0x: D4 = a1m1 - a2m1
        var cb = SeriesAt4()
        cb.k1 = a1 * c1.k1 - a2 * c2.k1
        cb.k2 = a1 * c1.k2 - a2 * c2.k2
        cb.k3 = a1 * c1.k3 - a2 * c2.k3
        cb.k4 = a1 * c1.k4 - a2 * c2.k4
        cb.k5 = a1 * c1.k5 - a2 * c2.k5
        cb.k6 = a1 * c1.k6 - a2 * c2.k6
        let j12: D4 = m0x * sig12 + (sineSeries4(ssig2, csig2, cb) - sineSeries4(ssig1, csig1, cb))
        return dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
    }
}
