/// Constants of the Earth models GeoKernel uses.
///
/// Thread safety: constants only.
public enum EarthModel {
    /// Mean radius of the Earth in metres, R1 = (2a + b) / 3 of WGS84 (IUGG,
    /// Moritz 1980, "Geodetic Reference System 1980"). The sphere of every haversine,
    /// bearing, destination and cross-track function. C twin: `GK_EARTH_MEAN_RADIUS_M`.
    public static let meanRadiusMeters: Double = 6_371_008.8

    /// The sphere of trackintel (its `haversine_dist` and `point_haversine_dist`),
    /// 6 371 000 m: the radius of every Timeline distance, so that stays are decided as
    /// trackintel decides them (1.4 ppm below `meanRadiusMeters`).
    package static let trackintelRadiusMeters: Double = 6_371_000

    /// WGS84 equatorial radius in metres (NIMA TR8350.2). C twin: `GK_WGS84_A`.
    public static let wgs84SemiMajorAxisMeters: Double = 6_378_137.0

    /// WGS84 flattening, 1 / 298.257223563 (NIMA TR8350.2). C twin: `GK_WGS84_F`.
    public static let wgs84Flattening: Double = 1.0 / 298.257223563

    /// Spherical distances differ from WGS84 geodesic distances by up to about 0.56 %
    /// (0.5 % on meridians near the poles, 0.2–0.3 % elsewhere).
    public static let sphereMaxRelativeError: Double = 0.0056
}

@usableFromInline let degreesToRadians: Double = .pi / 180
@usableFromInline let radiansToDegrees: Double = 180 / .pi
