/// A circle on the sphere: every point within `radiusMeters` (great-circle distance) of
/// `center`, boundary included.
///
/// Earth model: the sphere of mean radius `EarthModel.meanRadiusMeters` (6 371 008.8 m).
/// The scalar test `contains(latitude:longitude:)` is the definition; the batch tests
/// (`contains(_:into:)`, `UnitVectorBuffer.contains(in:into:)`) give identical decisions
/// for every point.
///
/// Thread safety: an immutable value; `Sendable`.
/// C twin: the `center_lat`, `center_lon`, `radius_m` arguments of
/// `gk_circle_contains_batch` and `gk_unitvec_contains`.
public struct Circle: Sendable, Hashable {
    /// The centre.
    public let center: Coordinate
    /// The radius in metres along the sphere, finite and ≥ 0.
    public let radiusMeters: Double

    /// A circle of `radiusMeters` metres around `center`.
    ///
    /// - Throws: `.invalidArgument` when the radius is negative, NaN or infinite.
    /// - Complexity: O(1).
    public init(center: Coordinate, radiusMeters: Double) throws(GeoKernelError) {
        try BatchValidation.checkRadius(radiusMeters, "circle radius")
        self.center = center
        self.radiusMeters = radiusMeters
    }

    /// Whether `point` lies in the circle: the scalar reference decision
    /// `haversineCentralAngle(center, point) · 6 371 008.8 m <= radiusMeters`, with the
    /// centre as the first point (libm sin/cos/asin).
    ///
    /// - Complexity: O(1) (one haversine). Thread safety: pure.
    /// - C twin: `gk_circle_contains_batch` with one point.
    @inlinable
    public func contains(_ point: Coordinate) -> Bool {
        contains(latitude: point.latitude, longitude: point.longitude)
    }

    /// The same decision as `contains(_:)` on raw degrees, without validation (NaN gives
    /// false). Longitudes need not be normalised. The batch kernels use it for points
    /// too close to the boundary to decide otherwise.
    ///
    /// - Complexity: O(1). Thread safety: pure.
    /// - C twin: `gk_circle_contains_batch` with one point.
    @inlinable
    public func contains(latitude: Double, longitude: Double) -> Bool {
        haversineCentralAngle(
            latitude1: center.latitude, longitude1: center.longitude,
            latitude2: latitude, longitude2: longitude) * EarthModel.meanRadiusMeters
            <= radiusMeters
    }
}
