#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lambert azimuthal equal-area on an ellipsoid, oblique aspect (J. P. Snyder, "Map
/// Projections: A Working Manual", USGS PP 1395, 1987, pp. 187-190), as used by EPSG:3035
/// (ETRS89-extended / LAEA Europe: centre 52° N 10° E, false easting 4 321 000 m, false
/// northing 3 210 000 m, GRS80). Forward through the exact authalic latitude; the inverse
/// starts from Snyder's series for the latitude (eq. 3-18, to e⁶, PROJ 9.1's whole answer,
/// good to about 2 mm) and finishes with Newton's method on q(φ) (Snyder eq. 3-16), exact
/// to the last bits.
///
/// Units: degrees in, metres out. Thread safety: a value type. Complexity: O(1) per point.
struct LambertAzimuthal: Sendable {
    let lat0: Double, lon0: Double, falseEasting: Double, falseNorthing: Double
    let e: Double, e2: Double, qp: Double, rq: Double, d: Double
    let sinB1: Double, cosB1: Double
    let apa: (Double, Double, Double)

    init(a: Double, f: Double, lat0: Double, lon0: Double, falseEasting: Double, falseNorthing: Double) {
        self.lat0 = lat0
        self.lon0 = lon0
        self.falseEasting = falseEasting
        self.falseNorthing = falseNorthing
        e2 = f * (2 - f)
        e = e2.squareRoot()
        let e = e, e2 = e2
        func q(_ s: Double) -> Double {
            (1 - e2) * (s / (1 - e2 * s * s) - log((1 - e * s) / (1 + e * s)) / (2 * e))
        }
        qp = q(1)
        rq = a * (qp / 2).squareRoot()
        let (s0, c0) = ExactDegrees.sincos(lat0)
        let b1 = asin(q(s0) / qp)
        sinB1 = sin(b1)
        cosB1 = cos(b1)
        let m1 = c0 / (1 - e2 * s0 * s0).squareRoot()
        d = a * m1 / (rq * cosB1)
        let e4 = e2 * e2, e6 = e4 * e2
        apa = (e2 / 3 + 31 * e4 / 180 + 517 * e6 / 5040,
               23 * e4 / 360 + 251 * e6 / 3780,
               761 * e6 / 45360)
    }

    /// EPSG:3035 on GRS80.
    static let europe = LambertAzimuthal(
        a: 6_378_137, f: 1 / 298.257222101, lat0: 52, lon0: 10, falseEasting: 4_321_000, falseNorthing: 3_210_000)

    /// (easting, northing) in metres, or nil for the antipode of the centre or a latitude
    /// outside [-90, 90].
    @inline(__always)
    func forward(longitude: Double, latitude: Double) -> (x: Double, y: Double)? {
        guard abs(latitude) <= 90, longitude.isFinite else { return nil }
        let (sphi, _) = ExactDegrees.sincos(latitude)
        let (slam, clam) = ExactDegrees.sincos(ExactDegrees.difference(lon0, longitude).difference)
        let q = (1 - e2) * (sphi / (1 - e2 * sphi * sphi) - log((1 - e * sphi) / (1 + e * sphi)) / (2 * e))
        let sinB = q / qp
        let cosB = max(0, 1 - sinB * sinB).squareRoot()
        let denominator = 1 + sinB1 * sinB + cosB1 * cosB * clam
        guard denominator > 1e-15 else { return nil }
        let b = rq * (2 / denominator).squareRoot()
        return (falseEasting + b * d * cosB * slam, falseNorthing + (b / d) * (cosB1 * sinB - sinB1 * cosB * clam))
    }

    /// (longitude, latitude) in degrees, or nil outside the projection's disc or for
    /// non-finite input.
    @inline(__always)
    func inverse(x xIn: Double, y yIn: Double) -> (longitude: Double, latitude: Double)? {
        guard xIn.isFinite, yIn.isFinite else { return nil }
        let x = (xIn - falseEasting) / d, y = (yIn - falseNorthing) * d
        let rho = (x * x + y * y).squareRoot()
        if rho < 1e-10 { return (lon0, lat0) }  // the centre
        let sce = rho / (2 * rq)
        guard sce <= 1 else { return nil }
        let ce = 2 * asin(sce)
        let sCe = sin(ce), cCe = cos(ce)
        let beta = asin(cCe * sinB1 + y * sCe * cosB1 / rho)
        let lam = atan2(x * sCe, rho * cosB1 * cCe - y * sinB1 * sCe)
        let phi = latitude(authalic: beta)
        return (ExactDegrees.normalized(lon0 + lam * radiansToDegrees), phi * radiansToDegrees)
    }

    /// φ (radians) of the authalic latitude β: Snyder's series, then Newton's method on
    /// q(φ) = qp sin β, which converges in two steps from there.
    @inline(__always)
    private func latitude(authalic beta: Double) -> Double {
        let target = qp * sin(beta)
        var phi = beta + authalicCorrection(beta)
        for _ in 0..<4 {
            let s = sin(phi), c = cos(phi)
            guard abs(c) > 1e-12 else { break }
            let w = 1 - e2 * s * s
            let step = w * w / (2 * c)
                * (target / (1 - e2) - s / w + log((1 - e * s) / (1 + e * s)) / (2 * e))
            phi += step
            if abs(step) < 1e-15 { break }
        }
        return phi
    }

    /// φ − β from the authalic latitude β (Snyder eq. 3-18, radians).
    @inline(__always)
    private func authalicCorrection(_ beta: Double) -> Double {
        let t = beta + beta
        return apa.0 * sin(t) + apa.1 * sin(t + t) + apa.2 * sin(t + t + t)
    }
}
