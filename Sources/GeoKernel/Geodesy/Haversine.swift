#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Great-circle distance by the haversine formula (R. W. Sinnott, "Virtues of the
/// Haversine", Sky and Telescope 68(2), 1984) on a sphere.
///
/// This scalar function, computed with the platform's libm, is the reference the SIMD
/// kernels are checked against and the test that decides point-in-circle questions.
///
/// - Parameters:
///   - a: first point.
///   - b: second point.
///   - radiusMeters: sphere radius in metres; default the mean radius 6 371 008.8 m.
/// - Returns: the distance in metres along the sphere, in [0, π·R]. Accuracy: the sphere
///   differs from WGS84 geodesics by up to 0.56 %; use `Geodesic` for millimetres.
///   Near the antipode (beyond about 19 000 km) the formula itself is ill-conditioned.
/// - Complexity: O(1). Thread safety: a pure function.
/// - C twin: `gk_haversine`.
@inlinable
public func haversineDistance(
    _ a: Coordinate, _ b: Coordinate, radiusMeters: Double = EarthModel.meanRadiusMeters
) -> Double {
    radiusMeters * haversineCentralAngle(
        latitude1: a.latitude, longitude1: a.longitude,
        latitude2: b.latitude, longitude2: b.longitude)
}

/// The central angle in radians between two points given in degrees, by the haversine
/// formula. Inputs are not validated (NaN in, NaN out); this is the exact scalar test
/// the SIMD kernels reproduce, operation for operation.
///
/// - Complexity: O(1). Thread safety: a pure function.
@inlinable
public func haversineCentralAngle(
    latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double
) -> Double {
    let phi1 = latitude1 * degreesToRadians
    let phi2 = latitude2 * degreesToRadians
    let dPhi = (latitude2 - latitude1) * degreesToRadians
    let dLambda = (longitude2 - longitude1) * degreesToRadians
    let s1 = sin(dPhi * 0.5)
    let s2 = sin(dLambda * 0.5)
    let h = s1 * s1 + cos(phi1) * cos(phi2) * (s2 * s2)
    return 2 * asin(sqrt(min(h, 1)))
}
