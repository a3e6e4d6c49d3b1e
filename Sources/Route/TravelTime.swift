import GeoKernel

/// A travel time, shown in days, hours and minutes: "0d 2h 45m".
///
/// Rounding: the time is rounded to the nearest whole minute, half a minute up
/// (29.9 s → "0d 0h 0m", 30 s → "0d 0h 1m", 2 h 44 min 30 s → "0d 2h 45m"); the minutes
/// are then split into days of 24 hours, hours and minutes, all always shown
/// (26 h → "1d 2h 0m").
///
/// Thread safety: an immutable value; `Sendable`.
/// C twin: `gk_travel_time_format`.
/// \since 0.1
public struct TravelTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The largest time accepted: 10¹² s (about 31 700 years).
    public static let maximumSeconds: Double = 1e12

    /// The time in seconds, as given (not rounded).
    public let seconds: Double

    /// A travel time of `seconds`.
    ///
    /// - Throws: `.invalidArgument` when `seconds` is negative, not finite or above
    ///   `maximumSeconds`.
    /// - Complexity: O(1).
    public init(seconds: Double) throws(GeoKernelError) {
        guard seconds.isFinite, seconds >= 0, seconds <= Self.maximumSeconds else {
            throw .invalid("travel time \(seconds) s must be finite, not negative and at most 1e12 s")
        }
        self.seconds = seconds
    }

    /// The time rounded to whole minutes, half a minute up.
    public var totalMinutes: Int { Int((seconds / 60).rounded(.toNearestOrAwayFromZero)) }
    /// Whole days of `totalMinutes`.
    public var days: Int { totalMinutes / 1440 }
    /// Hours after the whole days, 0–23.
    public var hours: Int { totalMinutes % 1440 / 60 }
    /// Minutes after the whole hours, 0–59.
    public var minutes: Int { totalMinutes % 60 }

    /// "0d 2h 45m".
    public var description: String { "\(days)d \(hours)h \(minutes)m" }

    /// Shorter than, by the unrounded seconds.
    public static func < (a: TravelTime, b: TravelTime) -> Bool { a.seconds < b.seconds }

    /// The sum of two times (at most `maximumSeconds`).
    ///
    /// - Throws: `.invalidArgument` when the sum exceeds `maximumSeconds`.
    public static func + (a: TravelTime, b: TravelTime) throws(GeoKernelError) -> TravelTime {
        try TravelTime(seconds: a.seconds + b.seconds)
    }

    /// No time at all.
    public static let zero = try! TravelTime(seconds: 0)
}

/// How fast a traveller moves on average, to turn leg lengths into travel times.
///
/// Thread safety: an immutable value; `Sendable`. C twin: the `speed_mps` argument of
/// `gk_route_create`.
/// \since 0.1
public struct SpeedProfile: Sendable, Hashable {
    /// A name for messages ("walking").
    public let name: String
    /// Average speed in metres per second, finite and > 0.
    public let metersPerSecond: Double

    /// A profile of `metersPerSecond`.
    ///
    /// - Throws: `.invalidArgument` unless the speed is finite and positive.
    public init(name: String, metersPerSecond: Double) throws(GeoKernelError) {
        guard metersPerSecond.isFinite, metersPerSecond > 0 else {
            throw .invalid("speed \(metersPerSecond) m/s of profile '\(name)' must be finite and positive")
        }
        self.name = name
        self.metersPerSecond = metersPerSecond
    }

    /// A profile of `kilometersPerHour`.
    ///
    /// - Throws: `.invalidArgument` unless the speed is finite and positive.
    public init(name: String, kilometersPerHour: Double) throws(GeoKernelError) {
        try self.init(name: name, metersPerSecond: kilometersPerHour / 3.6)
    }

    /// Walking, 5 km/h.
    public static let walking = try! SpeedProfile(name: "walking", kilometersPerHour: 5)
    /// Cycling, 15 km/h.
    public static let cycling = try! SpeedProfile(name: "cycling", kilometersPerHour: 15)
    /// Driving, 60 km/h on average (a mix of town and open road; stops included).
    public static let driving = try! SpeedProfile(name: "driving", kilometersPerHour: 60)

    /// The time to cover `meters` at this speed.
    ///
    /// - Throws: `.invalidArgument` for a negative or non-finite distance, or a time
    ///   above `TravelTime.maximumSeconds`.
    /// - Complexity: O(1).
    public func travelTime(meters: Double) throws(GeoKernelError) -> TravelTime {
        guard meters.isFinite, meters >= 0 else {
            throw .invalid("distance \(meters) m must be finite and not negative")
        }
        return try TravelTime(seconds: meters / metersPerSecond)
    }
}
