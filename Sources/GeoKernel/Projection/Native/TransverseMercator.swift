import CSIMDShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Transverse Mercator on an ellipsoid by Krüger's series in the third flattening n to
/// order 6 (the form of C. F. F. Karney, "Transverse Mercator with an accuracy of a few
/// nanometers", J. Geodesy 85, 2011): exact conformal latitude, then the series between
/// the conformal sphere's and the ellipsoid's transverse Mercator. Within 4000 km of the
/// central meridian it is accurate to 5 nm; UTM zones use it with k₀ = 0.9996.
///
/// The forward projection is one vector kernel (CSIMDShim_tmerc_forward: the same series
/// with vector sine, cosine, arctangent and logarithm, no libm), for single points and
/// batches alike, on the widest vectors the CPU has (the same bits on every level); the
/// inverse is scalar Swift. The ellipsoid's eccentricity must be at most 0.0825 (every
/// Earth ellipsoid; the kernel's series for sinh(e·atanh x) are cut there).
///
/// Units: degrees in, metres out. Thread safety: a value type. Complexity: O(1) per point.
package struct TransverseMercator: Sendable {
    let k0: Double, centralMeridian: Double, falseEasting: Double, falseNorthing: Double
    let e: Double, e2m: Double
    /// k₀ times the rectifying radius A.
    let scale: Double
    let alpha: SIMD8<Double>, beta: SIMD8<Double>
    /// The kernel's constants.
    let params: CSIMDShim_tmerc_params

    init(a: Double, f: Double, k0: Double, centralMeridian: Double, falseEasting: Double, falseNorthing: Double) {
        self.k0 = k0
        self.centralMeridian = centralMeridian
        self.falseEasting = falseEasting
        self.falseNorthing = falseNorthing
        let e2 = f * (2 - f)
        e = e2.squareRoot()
        e2m = 1 - e2
        let n = f / (2 - f), n2 = n * n
        scale = k0 * a / (1 + n) * (1 + n2 * (1.0 / 4 + n2 * (1.0 / 64 + n2 / 256)))
        var al = SIMD8<Double>(), be = SIMD8<Double>()
        // Krüger's coefficients (Karney 2011, eqs. 35 and 36), Horner in n.
        al[1] = n * (1.0 / 2 + n * (-2.0 / 3 + n * (5.0 / 16 + n * (41.0 / 180 + n * (-127.0 / 288 + n * 7891.0 / 37800)))))
        al[2] = n2 * (13.0 / 48 + n * (-3.0 / 5 + n * (557.0 / 1440 + n * (281.0 / 630 + n * -1983433.0 / 1935360))))
        al[3] = n2 * n * (61.0 / 240 + n * (-103.0 / 140 + n * (15061.0 / 26880 + n * 167603.0 / 181440)))
        al[4] = n2 * n2 * (49561.0 / 161280 + n * (-179.0 / 168 + n * 6601661.0 / 7257600))
        al[5] = n2 * n2 * n * (34729.0 / 80640 + n * -3418889.0 / 1995840)
        al[6] = n2 * n2 * n2 * (212378941.0 / 319334400)
        be[1] = n * (1.0 / 2 + n * (-2.0 / 3 + n * (37.0 / 96 + n * (-1.0 / 360 + n * (-81.0 / 512 + n * 96199.0 / 604800)))))
        be[2] = n2 * (1.0 / 48 + n * (1.0 / 15 + n * (-437.0 / 1440 + n * (46.0 / 105 + n * -1118711.0 / 3870720))))
        be[3] = n2 * n * (17.0 / 480 + n * (-37.0 / 840 + n * (-209.0 / 4480 + n * 5569.0 / 90720)))
        be[4] = n2 * n2 * (4397.0 / 161280 + n * (-11.0 / 504 + n * -830251.0 / 7257600))
        be[5] = n2 * n2 * n * (4583.0 / 161280 + n * -108847.0 / 3991680)
        be[6] = n2 * n2 * n2 * (20648693.0 / 638668800)
        alpha = al
        beta = be
        assert(e <= 0.0825, "the forward kernel's series need e ≤ 0.0825")
        params = CSIMDShim_tmerc_params(
            central_meridian: centralMeridian, false_easting: falseEasting, false_northing: falseNorthing,
            scale: scale, e: e, alpha: (al[1], al[2], al[3], al[4], al[5], al[6]))
    }

    /// UTM zone `zone` (1–60) of WGS84, north or south.
    package static func utm(zone: Int, north: Bool) -> TransverseMercator {
        TransverseMercator(
            a: EarthModel.wgs84SemiMajorAxisMeters, f: EarthModel.wgs84Flattening, k0: 0.9996,
            centralMeridian: Double(6 * zone - 183), falseEasting: 500_000, falseNorthing: north ? 0 : 10_000_000)
    }

    /// The kernel itself: `count` points every `strideBytes` bytes, in place or not, on the
    /// build for `level` (the tests compare the builds this CPU runs); +infinity for a point
    /// outside the domain. Returns how many were.
    package func project(
        longitudes: UnsafePointer<Double>, latitudes: UnsafePointer<Double>,
        x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, strideBytes: Int, count: Int,
        level: CInt = SIMDMath.vectorLevel
    ) -> Int {
        withUnsafePointer(to: params) { p in
            CSIMDShim_tmerc_forward(level, p, longitudes, latitudes, strideBytes, x, y, strideBytes, count)
        }
    }

    /// (longitude, latitude) in degrees of (easting, northing) in metres, or nil for
    /// non-finite input.
    @inline(__always)
    func inverse(x: Double, y: Double) -> (longitude: Double, latitude: Double)? {
        guard x.isFinite, y.isFinite else { return nil }
        let xi = (y - falseNorthing) / scale, eta = (x - falseEasting) / scale
        let (xip, etap) = krueger(xi, eta, s2: sin(2 * xi), c2: cos(2 * xi), e2: exp(2 * eta), beta, sign: -1)
        let sxi = sin(xip), cxi = cos(xip), seta = sinh(etap)
        let r = (seta * seta + cxi * cxi).squareRoot()
        let lam = ExactDegrees.atan2(seta, cxi)
        let phi: Double
        if r == 0 {
            phi = Double(signOf: sxi, magnitudeOf: 90)
        } else {
            phi = ExactDegrees.atan2(geodeticTangent(sxi / r), 1)
        }
        return (ExactDegrees.normalized(centralMeridian + lam), phi)
    }

    /// ζ ± Σ c_j sin 2jζ for the complex ζ = ξ + iη, by Clenshaw summation, given
    /// sin 2ξ, cos 2ξ and e^{2η}. (sinh 2η from e^{2η} loses relative precision only where
    /// it is tiny, and it only scales the series' O(n) terms.)
    @inline(__always)
    private func krueger(
        _ xi: Double, _ eta: Double, s2: Double, c2: Double, e2: Double, _ c: SIMD8<Double>, sign: Double
    ) -> (Double, Double) {
        let sh2 = (e2 - 1 / e2) / 2, ch2 = (e2 + 1 / e2) / 2
        // a = 2 cos 2ζ = 2(cos 2ξ cosh 2η − i sin 2ξ sinh 2η)
        let ar = 2 * c2 * ch2, ai = -2 * s2 * sh2
        var yr = 0.0, yi = 0.0, zr = 0.0, zi = 0.0  // y_{k+1}, y_{k+2}
        for k in stride(from: 6, through: 1, by: -1) {
            let nr = ar * yr - ai * yi - zr + c[k]
            let ni = ar * yi + ai * yr - zi
            zr = yr; zi = yi
            yr = nr; yi = ni
        }
        // Σ = sin 2ζ · y₁, sin 2ζ = sin 2ξ cosh 2η + i cos 2ξ sinh 2η
        let sr = s2 * ch2, si = c2 * sh2
        return (xi + sign * (sr * yr - si * yi), eta + sign * (sr * yi + si * yr))
    }

    /// τ' = tan χ of the conformal latitude χ, from τ = tan φ (Karney 2011, eq. 7):
    /// τ' = τ √(1 + σ²) − σ √(1 + τ²), σ = sinh(e atanh(e sin φ)).
    @inline(__always)
    func conformalTangent(_ tau: Double) -> Double {
        let tau1 = (1 + tau * tau).squareRoot()
        let sig = Self.sinhEAtanh(e, e * tau / tau1)
        return (1 + sig * sig).squareRoot() * tau - sig * tau1
    }

    /// sinh(e atanh(x)) for |x| ≤ e. For the Earth's e = 0.082 both functions are short
    /// Taylor polynomials, exact to the last bit (the first omitted terms are below 3e-19
    /// of the result), which saves two libm calls per point; libm otherwise.
    @inline(__always)
    static func sinhEAtanh(_ e: Double, _ x: Double) -> Double {
        guard e <= 0.0825 else { return sinh(e * atanh(x)) }
        let x2 = x * x
        // atanh x = x Σ x^{2k} / (2k + 1), k = 0…8
        var t = 1.0 / 17
        t = t * x2 + 1.0 / 15
        t = t * x2 + 1.0 / 13
        t = t * x2 + 1.0 / 11
        t = t * x2 + 1.0 / 9
        t = t * x2 + 1.0 / 7
        t = t * x2 + 1.0 / 5
        t = t * x2 + 1.0 / 3
        let y = e * (x + x * x2 * t)
        // sinh y = y + y³/6 + y⁵/120 + y⁷/5040 for |y| ≤ e² = 0.0068
        let y2 = y * y
        return y + y * y2 * (1.0 / 6 + y2 * (1.0 / 120 + y2 / 5040))
    }

    /// τ from τ' by Newton's method (Karney 2011, eqs. 19-21); two or three steps.
    @inline(__always)
    func geodeticTangent(_ taup: Double) -> Double {
        guard taup.isFinite else { return taup }
        var tau = taup / e2m
        for _ in 0..<5 {
            let taupa = conformalTangent(tau)
            let dtau = (taup - taupa) * (1 + e2m * tau * tau)
                / (e2m * (1 + tau * tau).squareRoot() * (1 + taupa * taupa).squareRoot())
            tau += dtau
            if !(abs(dtau) >= 0x1p-52.squareRoot() * 0.1 * max(1, abs(tau))) { break }
        }
        return tau
    }
}
