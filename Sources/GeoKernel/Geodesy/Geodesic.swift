import CProjShim

/// Geodesics on an ellipsoid of revolution (C. F. F. Karney, "Algorithms for
/// geodesics", J. Geodesy 87, 2013), computed by PROJ's `geodesic.h`.
///
/// Accurate to about 15 nanometres for the Earth; use it when the 0.56 % error of the
/// sphere matters. `Geodesic.wgs84` is the WGS84 ellipsoid.
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

    nonisolated(unsafe) private let handle: OpaquePointer

    /// Creates the geodesic of an ellipsoid.
    ///
    /// - Throws: `.invalidArgument` when the radius is not positive and finite or the
    ///   flattening is not finite and below 1.
    public init(equatorialRadiusMeters: Double, flattening: Double) throws(GeoKernelError) {
        guard equatorialRadiusMeters.isFinite, equatorialRadiusMeters > 0 else {
            throw .invalid("equatorial radius \(equatorialRadiusMeters) m must be positive and finite")
        }
        guard flattening.isFinite, flattening < 1 else {
            throw .invalid("flattening \(flattening) must be finite and below 1")
        }
        guard let h = CProjShim_geodesic_create(equatorialRadiusMeters, flattening) else {
            throw GeoKernelError(.outOfMemory, "cannot allocate a geodesic")
        }
        self.equatorialRadiusMeters = equatorialRadiusMeters
        self.flattening = flattening
        self.handle = h
    }

    deinit { CProjShim_geodesic_destroy(handle) }

    /// The inverse problem: the shortest geodesic between two points.
    ///
    /// - Returns: distance in metres and the azimuths in degrees clockwise from north,
    ///   in [0, 360) like every bearing of GeoKernel (`geodesic.h`'s (-180, 180] plus 360
    ///   when negative). For coincident or antipodal points the azimuths are those
    ///   `geodesic.h` chooses (see Karney 2013, section 7).
    /// - Complexity: O(1) (an iteration that converges in a few steps). C twin: `gk_geodesic_inverse`.
    public func inverse(from a: Coordinate, to b: Coordinate) -> GeodesicInverse {
        var s12 = 0.0, azi1 = 0.0, azi2 = 0.0, a12 = 0.0, m12 = 0.0, area = 0.0
        CProjShim_geodesic_inverse(
            handle, a.latitude, a.longitude, b.latitude, b.longitude,
            &s12, &azi1, &azi2, &a12, &m12, &area)
        return GeodesicInverse(
            distanceMeters: s12, initialAzimuthDegrees: bearingDegrees(azi1), finalAzimuthDegrees: bearingDegrees(azi2),
            arcDegrees: a12, reducedLengthMeters: m12, areaSquareMeters: area)
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
        var lat2 = 0.0, lon2 = 0.0, azi2 = 0.0
        CProjShim_geodesic_direct(
            handle, start.latitude, start.longitude, azimuthDegrees, distanceMeters,
            &lat2, &lon2, &azi2)
        return GeodesicDirect(
            destination: Coordinate(uncheckedLatitude: lat2, longitude: lon2),
            finalAzimuthDegrees: bearingDegrees(azi2))
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
