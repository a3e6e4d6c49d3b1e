import GeoKernel

/// A circular geofence: every point within `radiusMeters` of `center`, boundary included,
/// identified by `id`.
///
/// Earth model: the sphere of mean radius 6 371 008.8 m (`EarthModel.meanRadiusMeters`);
/// a point is in the fence when the scalar haversine test
/// `haversineDistance(center, point) <= radiusMeters` says so (`Circle.contains`).
///
/// Thread safety: an immutable value; `Sendable`.
/// C twin: the `id`, `lat`, `lon`, `radius_m` arguments of `gk_geofence_monitor_add`
/// (in C the id is an `int64_t`, seen from Swift as its decimal string).
/// \since 0.1
public struct CircularFence: Sendable, Hashable, CustomStringConvertible {
    /// The radius a fence gets when none is given: 1 000 m. C twin: `GK_GEOFENCE_DEFAULT_RADIUS_M`. \since 0.1
    public static let defaultRadiusMeters: Double = 1_000

    /// The largest radius accepted: 10 000 km, a quarter of a great circle. Larger "fences"
    /// are not fences, and the haversine formula is ill-conditioned near the antipode. \since 0.1
    public static let maximumRadiusMeters: Double = 10_000_000

    /// The fence's identifier, unique within a monitor; not empty. \since 0.1
    public let id: String
    /// The centre (degrees). \since 0.1
    public let center: Coordinate
    /// The radius in metres along the sphere, in (0, 10 000 km]. \since 0.1
    public let radiusMeters: Double

    /// A fence of `radiusMeters` metres (default 1 000 m) around `center`.
    ///
    /// - Throws: `.invalidArgument` when `id` is empty or the radius is not finite, not
    ///   positive or larger than `maximumRadiusMeters`; the message names the fence.
    /// - Complexity: O(1). \since 0.1
    public init(
        id: String, center: Coordinate, radiusMeters: Double = CircularFence.defaultRadiusMeters
    ) throws(GeoKernelError) {
        guard !id.isEmpty else { throw .invalid("fence id is empty (fence at \(center))") }
        guard radiusMeters.isFinite, radiusMeters > 0, radiusMeters <= Self.maximumRadiusMeters else {
            throw .invalid(
                "fence \"\(id)\": radius \(radiusMeters) m must be finite, > 0 and <= \(Self.maximumRadiusMeters) m")
        }
        self.id = id
        self.center = center
        self.radiusMeters = radiusMeters
    }

    /// A fence from degrees; validates as `Coordinate(latitude:longitude:)` and
    /// `init(id:center:radiusMeters:)` do, naming the fence in the message.
    ///
    /// - Complexity: O(1). \since 0.1
    public init(
        id: String, latitude: Double, longitude: Double,
        radiusMeters: Double = CircularFence.defaultRadiusMeters
    ) throws(GeoKernelError) {
        let c: Coordinate
        do { c = try Coordinate(latitude: latitude, longitude: longitude) } catch {
            throw .invalid("fence \"\(id)\": \(error.message)")
        }
        try self.init(id: id, center: c, radiusMeters: radiusMeters)
    }

    /// Whether `point` is in the fence: the scalar haversine test, `Circle.contains`.
    ///
    /// - Complexity: O(1) (one haversine). Thread safety: pure. \since 0.1
    @inlinable
    public func contains(_ point: Coordinate) -> Bool {
        haversineCentralAngle(
            latitude1: center.latitude, longitude1: center.longitude,
            latitude2: point.latitude, longitude2: point.longitude) * EarthModel.meanRadiusMeters
            <= radiusMeters
    }

    /// `fence "id" 150.0 m around (lat, lon)`, for logs. \since 0.1
    public var description: String { "fence \"\(id)\" \(radiusMeters) m around \(center)" }
}
