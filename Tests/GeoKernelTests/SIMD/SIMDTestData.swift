import Foundation
import GeoKernel
import _GeoKernelTestSupport

/// Seeded point sets for the SIMD kernel tests: uniform points on the sphere mixed with
/// the hard cases (poles exactly and within 1e-9°, the antimeridian, the antipode of a
/// centre, coincident points and points a few ulps away).
enum SIMDTestData {
    /// `count` points: about 80 % uniform on the sphere, 20 % special cases around `center`.
    static func points(count: Int, around center: Coordinate, seed: UInt64) -> (lat: [Double], lon: [Double]) {
        var rng = SeededRandom(seed: seed)
        var lat: [Double] = []
        var lon: [Double] = []
        lat.reserveCapacity(count)
        lon.reserveCapacity(count)
        let antipodeLon = center.longitude >= 0 ? center.longitude - 180 : center.longitude + 180
        let poleLats: [Double] = [90, -90, 90 - 1e-9, -90 + 1e-9, 90.0.nextDown, (-90.0).nextUp]
        let edgeLons: [Double] = [180, -180, 179.999_999_999_9, -179.999_999_999_9, 180.0.nextDown, (-180.0).nextUp]
        while lat.count < count {
            let kind = Int.random(in: 0..<20, using: &rng)
            switch kind {
            case 0:  // at or next to a pole, any longitude
                lat.append(poleLats[Int.random(in: 0..<poleLats.count, using: &rng)])
                lon.append(rng.uniform(-180, 180))
            case 1:  // on or next to the antimeridian
                lat.append(rng.uniform(-90, 90))
                lon.append(edgeLons[Int.random(in: 0..<edgeLons.count, using: &rng)])
            case 2:  // the antipode and its neighbourhood (up to about 1 km)
                let d = Int.random(in: 0..<3, using: &rng) == 0 ? 0 : rng.uniform(-0.01, 0.01)
                lat.append(clampLat(-center.latitude + d))
                lon.append(clampLon(antipodeLon + rng.uniform(-0.01, 0.01) * (d == 0 ? 0 : 1)))
            case 3:  // coincident with the centre, or a few ulps away
                var la = center.latitude
                var lo = center.longitude
                for _ in 0..<Int.random(in: 0..<4, using: &rng) {
                    if Bool.random(using: &rng) { la = la.nextUp } else { lo = lo.nextDown }
                }
                lat.append(clampLat(la))
                lon.append(clampLon(lo))
            default:  // uniform on the sphere
                lat.append(asinDegrees(rng.uniform(-1, 1)))
                lon.append(rng.uniform(-180, 180))
            }
        }
        return (lat, lon)
    }

    /// Centres used by the tests: ordinary, both poles, on the antimeridian, near a pole
    /// and near the antimeridian, the origin.
    static let centers: [Coordinate] = [
        try! Coordinate(latitude: 48.8566, longitude: 2.3522),
        try! Coordinate(latitude: 90, longitude: 0),
        try! Coordinate(latitude: -90, longitude: 123.4),
        try! Coordinate(latitude: 0, longitude: -180),
        try! Coordinate(latitude: -33.86, longitude: 179.999_999_9),
        try! Coordinate(latitude: 89.999_999_9, longitude: -45),
        try! Coordinate(latitude: 0, longitude: 0),
    ]

    static func clampLat(_ x: Double) -> Double { Swift.max(-90, Swift.min(90, x)) }
    static func clampLon(_ x: Double) -> Double { Swift.max(-180, Swift.min(180, x)) }

    /// Latitude with sin(lat) = s: uniform s gives points uniform on the sphere.
    static func asinDegrees(_ s: Double) -> Double { asin(s) * 180 / .pi }

    /// Scalar reference distance, metres: the libm haversine with the centre first.
    static func scalarDistance(_ c: Coordinate, _ lat: Double, _ lon: Double, radius: Double = EarthModel.meanRadiusMeters) -> Double {
        radius * haversineCentralAngle(
            latitude1: c.latitude, longitude1: c.longitude, latitude2: lat, longitude2: lon)
    }
}
