#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Web Mercator (EPSG:3857, "Popular Visualisation Pseudo-Mercator"): the spherical
/// Mercator formulas on WGS84 latitudes and longitudes with R = a = 6 378 137 m, as PROJ's
/// `webmerc` computes them: x = R λ, y = R asinh(tan φ); inverse φ = atan(sinh(y / R)).
///
/// Units: degrees in, metres out. Thread safety: pure. Complexity: O(1) per point.
struct WebMercator {
    static let radius = EarthModel.wgs84SemiMajorAxisMeters

    /// (x, y) in metres, or nil at or beyond the poles.
    @inline(__always)
    func forward(longitude: Double, latitude: Double) -> (x: Double, y: Double)? {
        guard abs(latitude) < 90, longitude.isFinite else { return nil }
        return (Self.radius * ExactDegrees.normalized(longitude) * degreesToRadians,
                Self.radius * asinh(tan(latitude * degreesToRadians)))
    }

    /// (longitude, latitude) in degrees, or nil for non-finite input.
    @inline(__always)
    func inverse(x: Double, y: Double) -> (longitude: Double, latitude: Double)? {
        guard x.isFinite, y.isFinite else { return nil }
        return (ExactDegrees.normalized(x / Self.radius * radiansToDegrees), atan(sinh(y / Self.radius)) * radiansToDegrees)
    }
}
