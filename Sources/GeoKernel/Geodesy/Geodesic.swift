#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Geodesics on an ellipsoid of revolution, the algorithms of C. F. F. Karney, "Algorithms
/// for geodesics" (J. Geodesy 87, 2013), written natively in Swift: no PROJ.
///
/// Accurate to 15 nanometres on the Earth for any pair of points, antipodal and polar ones
/// included (checked against GeographicLib in the tests); use it when the 0.56 % error of
/// the sphere matters. `Geodesic.wgs84` is the WGS84 ellipsoid. The series are carried to
/// order 6 in the third flattening, which keeps that accuracy for |f| ≤ 1/50; flatter or
/// more prolate ellipsoids are accepted but lose accuracy.
///
/// Thread safety: immutable after creation; one instance may be used from any number of
/// threads at once (`Sendable`).
/// C twin: `gk_geodesic_inverse` and `gk_geodesic_direct` (WGS84).
public final class Geodesic: Sendable {
    /// The WGS84 ellipsoid: a = 6 378 137 m, f = 1/298.257223563.
    public static let wgs84 = try! Geodesic(
        equatorialRadiusMeters: EarthModel.wgs84SemiMajorAxisMeters,
        flattening: EarthModel.wgs84Flattening)

    /// Equatorial radius in metres.
    public let equatorialRadiusMeters: Double
    /// Flattening (a − b) / a; 0 for a sphere, negative for a prolate ellipsoid.
    public let flattening: Double

    // Derived constants (Karney 2013, section 2).
    let a: Double, f: Double, f1: Double, b: Double
    let e2: Double, ep2: Double, n: Double
    /// c² of the area: the square of the authalic radius.
    let c2: Double
    /// Below this σ₁₂ a short line's first guess is already exact.
    let etol2: Double
    let series: GeodesicSeries

    /// Creates the geodesic of an ellipsoid.
    ///
    /// - Throws: `.invalidArgument` when the radius is not positive and finite or the
    ///   flattening is not finite and below 1.
    /// - Complexity: O(1).
    public init(equatorialRadiusMeters: Double, flattening: Double) throws(GeoKernelError) {
        guard equatorialRadiusMeters.isFinite, equatorialRadiusMeters > 0 else {
            throw .invalid("equatorial radius \(equatorialRadiusMeters) m must be positive and finite")
        }
        guard flattening.isFinite, flattening < 1 else {
            throw .invalid("flattening \(flattening) must be finite and below 1")
        }
        self.equatorialRadiusMeters = equatorialRadiusMeters
        self.flattening = flattening
        a = equatorialRadiusMeters
        f = flattening
        f1 = 1 - f
        b = a * f1
        e2 = f * (2 - f)
        ep2 = e2 / (f1 * f1)
        n = f / (2 - f)
        let authalic: Double
        if e2 == 0 {
            authalic = 1
        } else if e2 > 0 {
            authalic = atanh(sqrt(e2)) / sqrt(e2)
        } else {
            authalic = atan(sqrt(-e2)) / sqrt(-e2)
        }
        c2 = (a * a + b * b * authalic) / 2
        etol2 = 0.1 * GeodesicTolerance.tol2 / sqrt(max(0.001, abs(f)) * min(1.0, 1 - f / 2) / 2)
        series = GeodesicSeries.make(n: n)
    }

    /// The inverse problem: the shortest geodesic between two points.
    ///
    /// - Returns: distance in metres and the azimuths in degrees clockwise from north,
    ///   in [0, 360) like every bearing of GeoKernel, the arc length, the reduced length and
    ///   the area between the geodesic and the equator. For coincident points the azimuths
    ///   are those of the meridian through them (0 or 180); for antipodal points the azimuth
    ///   is the first one of the family of shortest geodesics (Karney 2013, section 7).
    /// - Complexity: O(1) (a Newton iteration that converges in a few steps; at most 83).
    ///   C twin: `gk_geodesic_inverse`.
    public func inverse(from a: Coordinate, to b: Coordinate) -> GeodesicInverse {
        let r = solveInverse(a.latitude, a.longitude, b.latitude, b.longitude, lengths: true, area: true)
        return GeodesicInverse(
            distanceMeters: r.s12,
            initialAzimuthDegrees: bearingDegrees(ExactDegrees.atan2(r.salp1, r.calp1)),
            finalAzimuthDegrees: bearingDegrees(ExactDegrees.atan2(r.salp2, r.calp2)),
            arcDegrees: r.a12, reducedLengthMeters: r.m12, areaSquareMeters: r.S12)
    }

    /// The length in metres of the shortest geodesic between two points: `inverse`'s
    /// distance, without the reduced length and area (about a third faster).
    ///
    /// - Complexity: O(1). C twin: `gk_geodesic_inverse` with only `out_s12`.
    public func distanceMeters(from a: Coordinate, to b: Coordinate) -> Double {
        solveInverse(a.latitude, a.longitude, b.latitude, b.longitude, lengths: false, area: false).s12
    }

    /// The direct problem: where a geodesic from `start` along `azimuthDegrees` ends
    /// after `distanceMeters` (negative goes backwards).
    ///
    /// - Throws: `.invalidArgument` when the azimuth or distance is not finite.
    /// - Complexity: O(1). C twin: `gk_geodesic_direct`.
    public func direct(
        from start: Coordinate, azimuthDegrees: Double, distanceMeters: Double
    ) throws(GeoKernelError) -> GeodesicDirect {
        guard azimuthDegrees.isFinite else { throw .invalid("azimuth \(azimuthDegrees) is not finite") }
        guard distanceMeters.isFinite else { throw .invalid("distance \(distanceMeters) m is not finite") }
        let r = solveDirect(start.latitude, start.longitude, azimuthDegrees, distanceMeters)
        return GeodesicDirect(
            destination: Coordinate(uncheckedLatitude: r.lat2, longitude: r.lon2),
            finalAzimuthDegrees: bearingDegrees(r.azi2))
    }
}

/// The solution of the inverse geodesic problem. Units: metres and degrees.
public struct GeodesicInverse: Sendable, Hashable {
    /// Length of the geodesic in metres.
    public var distanceMeters: Double
    /// Azimuth at the first point, degrees clockwise from north, in [0, 360).
    public var initialAzimuthDegrees: Double
    /// Azimuth at the second point (forward direction), degrees, in [0, 360).
    public var finalAzimuthDegrees: Double
    /// Arc length on the auxiliary sphere, degrees.
    public var arcDegrees: Double
    /// Reduced length m12 in metres.
    public var reducedLengthMeters: Double
    /// Area between the geodesic and the equator, square metres.
    public var areaSquareMeters: Double
}

/// The solution of the direct geodesic problem.
public struct GeodesicDirect: Sendable, Hashable {
    /// The end point.
    public var destination: Coordinate
    /// Azimuth at the end point (forward direction), degrees, in [0, 360).
    public var finalAzimuthDegrees: Double
}

/// Tolerances of the geodesic's iterations (Karney 2013, section 5).
enum GeodesicTolerance {
    static let tol0: Double = 0x1p-52  // the machine epsilon
    static let tol1: Double = 200 * 0x1p-52
    static let tol2: Double = 0x1p-26  // √tol0
    static let tolb: Double = 0x1p-78  // tol0 · tol2
    static let xthresh: Double = 1000 * 0x1p-26
    /// √ of the smallest normal double: keeps cos β away from 0 at the poles.
    static let tiny: Double = 0x1p-511
    static let maxit1 = 20
    /// maxit1 + the 53 bits of a double + 10.
    static let maxit2 = 83
}

/// √(x² + y²) for the geodesic's sines and cosines: O(1) values, or ones no smaller than
/// `GeodesicTolerance.tiny` (whose square is the smallest normal double), so the plain
/// square root neither overflows nor loses precision, and is several times faster than
/// libm's hypot.
@inline(__always)
func length(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }

/// Scales (x, y) to unit length (values as for `length`).
@inline(__always)
func normalize(_ x: inout Double, _ y: inout Double) {
    let r = length(x, y)
    x /= r
    y /= r
}
