import CSIMDShim

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

    /// The inverse kernel itself, laid out as `project`. Returns how many points failed.
    package func unproject(
        x: UnsafePointer<Double>, y: UnsafePointer<Double>,
        longitudes: UnsafeMutablePointer<Double>, latitudes: UnsafeMutablePointer<Double>, strideBytes: Int, count: Int,
        level: CInt = SIMDMath.vectorLevel
    ) -> Int {
        CSIMDShim_webmerc_inverse(level, x, y, strideBytes, longitudes, latitudes, strideBytes, count)
    }
}
