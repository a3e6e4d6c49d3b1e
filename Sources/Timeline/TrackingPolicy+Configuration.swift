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
            func fail(_ what: String) -> GeoKernelError { GeoKernelError(.parse, "tracking policy configuration: \(what)") }
            let root: MiniJSON.Node
            do {
                root = try MiniJSON.parse(json)
            } catch {
                throw fail("not valid JSON (\(error.message))")
            }
            guard case .object(let members) = root.kind else { throw fail("the top level must be a JSON object") }
            for m in members.sorted(by: { $0.key < $1.key }) where !Self.jsonKeys.contains(m.key) {
                throw fail("unknown key \"\(m.key)\" (known keys: " + Self.jsonKeys.joined(separator: ", ") + ")")
            }
            var v = Self.default.values
            for (i, key) in Self.jsonKeys.enumerated() {
                guard let value = members.first(where: { $0.key == key })?.value else { continue }
                guard case .number(let x) = value.kind else { throw fail("\(key) is \(Self.describe(value)), not a number") }
                guard x >= 0 else { throw fail("\(key) \(x) must not be negative") }
                v[i] = x
            }
            self.init(values: v)
        }

        /// "null", "true", "the string \"80\"", "an array or an object", for messages.
        static func describe(_ node: MiniJSON.Node) -> String {
            switch node.kind {
            case .null: "null"
            case .bool(let b): b ? "true" : "false"
            case .string(let s): "the string \"\(s)\""
            case .number(let x): "\(x)"
            case .array, .object: "an array or an object"
            }
        }

        /// The configuration as JSON text with all seven keys (reads back equal).
        public var json: String {
            let pairs = zip(Self.jsonKeys, values).map { key, x in
                "  \"\(key)\": \(x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)")"
            }
            return "{\n" + pairs.joined(separator: ",\n") + "\n}"
        }
    }
}
