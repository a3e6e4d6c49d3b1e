#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GeoKernel

extension TrackingPolicy {
    /// The seven thresholds of the travel-survey seed, with its defaults, in metres,
    /// seconds and km/h.
    ///
    /// JSON: an object whose keys are exactly the seed's names below; missing keys take
    /// the defaults; an unknown key, a negative value or a value that is not a number is
    /// an error naming the key. Parsed with FoundationEssentials' `JSONDecoder` (the C
    /// library stays free of the full Foundation).
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

        /// The seed's JSON key names, in the order above.
        public static let jsonKeys = [
            "StartedTravellingDistanceMetres", "StoppedMovingStationarySeconds", "SameLocationDistanceMetres",
            "StopMovingSameLocationSeconds", "FastSpeedKmh", "InVehicleOrStationarySeconds",
            "ActivelyMovingSeconds",
        ]

        /// The seed's defaults: 250 m, 600 s, 100 m, 900 s, 80 km/h, 300 s, 20 s.
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
        /// - Throws: `.parse` for malformed JSON (with the decoder's line and column), a
        ///   top level that is not an object, an unknown key, or a value that is negative
        ///   or not a number — always naming the key.
        /// - Complexity: O(length of the text).
        public init(json: String) throws(GeoKernelError) {
            try self.init(json: Data(json.utf8))
        }

        /// As `init(json:)`, from UTF-8 bytes.
        public init(json data: Data) throws(GeoKernelError) {
            let object: [String: JSONConfigValue]
            do {
                object = try JSONDecoder().decode([String: JSONConfigValue].self, from: data)
            } catch let DecodingError.typeMismatch(_, context) where context.codingPath.isEmpty {
                throw GeoKernelError(.parse, "tracking policy configuration: the top level must be a JSON object")
            } catch let DecodingError.dataCorrupted(context) {
                let key = context.codingPath.first.map { "\($0.stringValue): " } ?? ""
                let detail = context.underlyingError.map { "\($0)" } ?? context.debugDescription
                throw GeoKernelError(.parse, "tracking policy configuration: \(key)not valid JSON (\(detail))")
            } catch {
                throw GeoKernelError(.parse, "tracking policy configuration: not valid JSON (\(error))")
            }
            for key in object.keys.sorted() where !Self.jsonKeys.contains(key) {
                throw GeoKernelError(
                    .parse,
                    "tracking policy configuration: unknown key \"\(key)\" (known keys: "
                        + Self.jsonKeys.joined(separator: ", ") + ")")
            }
            var v = Self.default.values
            for (i, key) in Self.jsonKeys.enumerated() {
                guard let value = object[key] else { continue }
                guard let x = value.number else {
                    throw GeoKernelError(.parse, "tracking policy configuration: \(key) is \(value.kind), not a number")
                }
                guard x.isFinite, x >= 0 else {
                    throw GeoKernelError(.parse, "tracking policy configuration: \(key) \(x) must not be negative")
                }
                v[i] = x
            }
            self.init(values: v)
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

/// One value of the configuration object: a number, or a description of what it is
/// instead (for the error message).
struct JSONConfigValue: Decodable {
    let number: Double?
    let kind: String

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            (number, kind) = (nil, "null")
            return
        }
        do {
            (number, kind) = (try c.decode(Double.self), "a number")
            return
        } catch DecodingError.dataCorrupted {
            (number, kind) = (nil, "a number too large for a double")
            return
        } catch {}
        if let b = try? c.decode(Bool.self) {
            (number, kind) = (nil, b ? "true" : "false")
        } else if let s = try? c.decode(String.self) {
            (number, kind) = (nil, "the string \"\(s)\"")
        } else {
            (number, kind) = (nil, "an array or an object")
        }
    }
}
