import GeoKernel
import GeoText

extension TrackingPolicy {
    /// The seven thresholds of the travel-survey specification, with its defaults, in metres,
    /// seconds and km/h.
    ///
    /// JSON: an object whose keys are exactly the specification's names below; missing keys take
    /// the defaults; an unknown key, a negative value or a value that is not a number is
    /// an error naming the key. Parsed with GeoKernel's own strict JSON reader (no
    /// Foundation in the C library).
    ///
    /// | JSON key | property | default |
    /// |---|---|---|
    /// | `StartedTravellingDistanceMetres` | `startedTravellingDistanceMeters` | 250 m |
    /// | `StoppedMovingStationarySeconds` | `stoppedMovingStationarySeconds` | 600 s |
    /// | `SameLocationDistanceMetres` | `sameLocationDistanceMeters` | 100 m |
    /// | `StopMovingSameLocationSeconds` | `stopMovingSameLocationSeconds` | 900 s |
    /// | `FastSpeedKmh` | `fastSpeedKmh` | 80 km/h |
    /// | `InVehicleOrStationarySeconds` | `inVehicleOrStationarySeconds` | 300 s |
    /// | `ActivelyMovingSeconds` | `activelyMovingSeconds` | 20 s |
    ///
    /// Thread safety: a value; `Sendable`. C twin: the JSON text of
    /// `gk_tracking_policy_create`. \since 0.1
    public struct Configuration: Sendable, Hashable {
        /// Leaving the stop location by more than this (m) means travelling again.
        public let startedTravellingDistanceMeters: Double
        /// Stationary motion for this long (s) while stopped means not moving.
        public let stoppedMovingStationarySeconds: Double
        /// Radius (m) of "the same location" for the stop rule.
        public let sameLocationDistanceMeters: Double
        /// Staying within `sameLocationDistanceMeters` this long (s) means stopped.
        public let stopMovingSameLocationSeconds: Double
        /// Speed (km/h) from which the user may be in a fast vehicle.
        public let fastSpeedKmh: Double
        /// In-vehicle or stationary motion for this long (s) confirms a fast vehicle.
        public let inVehicleOrStationarySeconds: Double
        /// Only walking, running or cycling for this long (s) means moving on foot again.
        public let activelyMovingSeconds: Double

        /// The specification's JSON key names, in the order above.
        public static let jsonKeys = [
            "StartedTravellingDistanceMetres", "StoppedMovingStationarySeconds", "SameLocationDistanceMetres",
            "StopMovingSameLocationSeconds", "FastSpeedKmh", "InVehicleOrStationarySeconds",
            "ActivelyMovingSeconds",
        ]

        /// The specification's defaults: 250 m, 600 s, 100 m, 900 s, 80 km/h, 300 s, 20 s.
        public static let `default` = Configuration(values: [250, 600, 100, 900, 80, 300, 20])

        private init(values v: [Double]) {
            startedTravellingDistanceMeters = v[0]
            stoppedMovingStationarySeconds = v[1]
            sameLocationDistanceMeters = v[2]
            stopMovingSameLocationSeconds = v[3]
            fastSpeedKmh = v[4]
            inVehicleOrStationarySeconds = v[5]
            activelyMovingSeconds = v[6]
        }

        private var values: [Double] {
            [startedTravellingDistanceMeters, stoppedMovingStationarySeconds, sameLocationDistanceMeters,
             stopMovingSameLocationSeconds, fastSpeedKmh, inVehicleOrStationarySeconds, activelyMovingSeconds]
        }

        /// Creates a configuration; every value must be finite and not negative.
        ///
        /// - Throws: `.invalidArgument` naming the first bad value by its JSON key.
        /// - Complexity: O(1).
        public init(
            startedTravellingDistanceMeters: Double = 250, stoppedMovingStationarySeconds: Double = 600,
            sameLocationDistanceMeters: Double = 100, stopMovingSameLocationSeconds: Double = 900,
            fastSpeedKmh: Double = 80, inVehicleOrStationarySeconds: Double = 300, activelyMovingSeconds: Double = 20
        ) throws(GeoKernelError) {
            let v = [startedTravellingDistanceMeters, stoppedMovingStationarySeconds, sameLocationDistanceMeters,
                     stopMovingSameLocationSeconds, fastSpeedKmh, inVehicleOrStationarySeconds, activelyMovingSeconds]
            for (key, x) in zip(Self.jsonKeys, v) where !(x.isFinite && x >= 0) {
                throw .invalid("\(key) \(x) must be a finite number >= 0")
            }
            self.init(values: v)
        }

        /// Reads a configuration from JSON text (UTF-8).
        ///
        /// - Throws: `.parse` for malformed JSON (with its line and column), a top level
        ///   that is not an object, an unknown key, or a value that is negative or not a
        ///   number — always naming the key.
        /// - Complexity: O(length of the text).
        public init(json: String) throws(GeoKernelError) {
            self.init(values: try NamedNumbers.parse(
                json, keys: Self.jsonKeys, defaults: Self.default.values, what: "tracking policy configuration"))
        }

        /// The configuration as JSON text with all seven keys (reads back equal).
        public var json: String { NamedNumbers.json(keys: Self.jsonKeys, values: values) }
    }
}
