import CSIMDShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Web Mercator (EPSG:3857, "Popular Visualisation Pseudo-Mercator"): the spherical
/// Mercator formulas on WGS84 latitudes and longitudes with R = a = 6 378 137 m, as PROJ's
/// `webmerc` computes them: x = R λ, y = R asinh(tan φ); inverse φ = atan(sinh(y / R)).
///
/// Both directions are vector kernels (CSIMDShim_webmerc_forward: a rational tan and a
/// logarithm; CSIMDShim_webmerc_inverse: an exponential and a rational arctangent; no
/// libm), for single points and batches alike, on the widest vectors
/// the CPU has (`SIMDMath.vectorLevel`, the same bits on every level): y within 5 nm and
/// 5 ulps of the exact value for the rounded radian latitude (docs/accuracy.md has the
/// measured figures), x as PROJ computes it, bit for bit.
///
/// Units: degrees in, metres out. Thread safety: pure. Complexity: O(1) per point.
package struct WebMercator {
    static let radius = EarthModel.wgs84SemiMajorAxisMeters

    package init() {}

    /// The kernel builds this CPU runs (`SIMDMath.vectorLevel` and below), for the tests.
    package static var levels: ClosedRange<CInt> { 0...SIMDMath.vectorLevel }

    /// (x, y) in metres, or nil at or beyond the poles.
    func forward(longitude: Double, latitude: Double) -> (x: Double, y: Double)? {
        var lon = longitude, lat = latitude, x = 0.0, y = 0.0
        let stride = MemoryLayout<Double>.stride
        if CSIMDShim_webmerc_forward(SIMDMath.vectorLevel, &lon, &lat, stride, &x, &y, stride, 1) != 0 { return nil }
        return (x, y)
    }

    /// The forward projection of `count` points from the columns `longitudes`, `latitudes`
    /// into `x`, `y` (in place or not); +infinity in both for a point outside the domain.
    /// - Complexity: O(count).
    func forward(
        longitudes: UnsafePointer<Double>, latitudes: UnsafePointer<Double>,
        x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int
    ) {
        _ = project(longitudes: longitudes, latitudes: latitudes, x: x, y: y, strideBytes: MemoryLayout<Double>.stride, count: count)
    }

    /// The kernel itself: `count` points every `strideBytes` bytes, in place or not, on the
    /// build for `level` (the tests compare the builds this CPU runs); +infinity for a point
    /// outside the domain. Returns how many were.
    package func project(
        longitudes: UnsafePointer<Double>, latitudes: UnsafePointer<Double>,
        x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, strideBytes: Int, count: Int,
        level: CInt = SIMDMath.vectorLevel
    ) -> Int {
        CSIMDShim_webmerc_forward(level, longitudes, latitudes, strideBytes, x, y, strideBytes, count)
    }

    /// (longitude, latitude) in degrees, or nil for non-finite input.
    func inverse(x: Double, y: Double) -> (longitude: Double, latitude: Double)? {
        var x = x, y = y, lon = 0.0, lat = 0.0
        let stride = MemoryLayout<Double>.stride
        if CSIMDShim_webmerc_inverse(SIMDMath.vectorLevel, &x, &y, stride, &lon, &lat, stride, 1) != 0 { return nil }
        return (lon, lat)
    }

    /// The inverse of `count` points from the columns `x`, `y` into `longitudes`,
    /// `latitudes`; +infinity in both for non-finite input. - Complexity: O(count).
    func inverse(
        x: UnsafePointer<Double>, y: UnsafePointer<Double>,
        longitudes: UnsafeMutablePointer<Double>, latitudes: UnsafeMutablePointer<Double>, count: Int
    ) {
        _ = unproject(x: x, y: y, longitudes: longitudes, latitudes: latitudes, strideBytes: MemoryLayout<Double>.stride, count: count)
    }

    /// The inverse kernel itself, laid out as `project`. Returns how many points failed.
    package func unproject(
        x: UnsafePointer<Double>, y: UnsafePointer<Double>,
        longitudes: UnsafeMutablePointer<Double>, latitudes: UnsafeMutablePointer<Double>, strideBytes: Int, count: Int,
        level: CInt = SIMDMath.vectorLevel
    ) -> Int {
        CSIMDShim_webmerc_inverse(level, x, y, strideBytes, longitudes, latitudes, strideBytes, count)
    }
}
