import CSIMDShim


/// Transverse Mercator on an ellipsoid by Krüger's series in the third flattening n to
/// order 6 (the form of C. F. F. Karney, "Transverse Mercator with an accuracy of a few
/// nanometers", J. Geodesy 85, 2011): exact conformal latitude, then the series between
/// the conformal sphere's and the ellipsoid's transverse Mercator. Within 4000 km of the
/// central meridian it is accurate to 5 nm; UTM zones use it with k₀ = 0.9996.
///
/// Both directions are vector kernels (CSIMDShim_tmerc_forward and _inverse: the series
/// with vector sine, cosine, arctangent, exponential and logarithm, no libm; the inverse
/// finds the geodetic latitude by four Newton steps, Karney 2011 eqs. 19–21), for single
/// points and batches alike, on the widest vectors the CPU has (the same bits on every
/// level). The ellipsoid's eccentricity must be at most 0.0825 (every
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
            scale: scale, e: e, e2m: e2m, alpha: (al[1], al[2], al[3], al[4], al[5], al[6]),
            beta: (be[1], be[2], be[3], be[4], be[5], be[6]))
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

    /// The inverse kernel (CSIMDShim_tmerc_inverse), laid out as `project`: +infinity for
    /// non-finite input. Returns how many points failed.
    package func unproject(
        x: UnsafePointer<Double>, y: UnsafePointer<Double>,
        longitudes: UnsafeMutablePointer<Double>, latitudes: UnsafeMutablePointer<Double>, strideBytes: Int, count: Int,
        level: CInt = SIMDMath.vectorLevel
    ) -> Int {
        withUnsafePointer(to: params) { p in
            CSIMDShim_tmerc_inverse(level, p, x, y, strideBytes, longitudes, latitudes, strideBytes, count)
        }
    }
}
