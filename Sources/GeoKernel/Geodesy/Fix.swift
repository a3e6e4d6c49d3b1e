/// One position report from a receiver: where, when, and how sure.
///
/// Time is carried by the fix, never read from a clock: every facade that consumes fixes
/// (geofences, stop detection, tracking policy) is deterministic and replayable.
///
/// Thread safety: a value; `Sendable`. C twin: none as a type; C functions that take fixes
/// take latitude, longitude, time (s) and accuracy (m, NaN when unknown) as arguments or
/// strided arrays (e.g. `gk_geofence_monitor_update`, `gk_timeline_add`).
public struct Fix: Sendable, Hashable {
    /// The position (degrees).
    public var coordinate: Coordinate
    /// Seconds since 1970-01-01T00:00:00Z (UTC), fractional.
    public var timestamp: Double
    /// Radius of the horizontal uncertainty in metres (as phones report it, roughly 68 %
    /// confidence); nil when the source does not say.
    public var horizontalAccuracyMeters: Double?
    /// Height above the ellipsoid or sea level in metres, as the source gives it; nil when absent.
    public var elevationMeters: Double?

    /// Creates a fix.
    ///
    /// - Throws: `.invalidArgument` when the timestamp is not finite, or the accuracy is
    ///   negative or not finite, or the elevation is not finite.
    /// - Complexity: O(1).
    public init(
        coordinate: Coordinate, timestamp: Double,
        horizontalAccuracyMeters: Double? = nil, elevationMeters: Double? = nil
    ) throws(GeoKernelError) {
        guard timestamp.isFinite else { throw .invalid("timestamp \(timestamp) is not finite") }
        if let a = horizontalAccuracyMeters, !(a.isFinite && a >= 0) {
            throw .invalid("horizontal accuracy \(a) m must be finite and not negative")
        }
        if let e = elevationMeters, !e.isFinite { throw .invalid("elevation \(e) m is not finite") }
        self.coordinate = coordinate
        self.timestamp = timestamp
        self.horizontalAccuracyMeters = horizontalAccuracyMeters
        self.elevationMeters = elevationMeters
    }

    /// Creates a fix from degrees; validates as `Coordinate(latitude:longitude:)` and
    /// `init(coordinate:timestamp:...)` do.
    public init(
        latitude: Double, longitude: Double, timestamp: Double,
        horizontalAccuracyMeters: Double? = nil, elevationMeters: Double? = nil
    ) throws(GeoKernelError) {
        try self.init(
            coordinate: try Coordinate(latitude: latitude, longitude: longitude), timestamp: timestamp,
            horizontalAccuracyMeters: horizontalAccuracyMeters, elevationMeters: elevationMeters)
    }
}
