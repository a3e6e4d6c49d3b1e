#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A position on the Earth: latitude and longitude in degrees (WGS84 or the sphere,
/// depending on the function that uses it).
///
/// A `Coordinate` is always valid: latitude is finite and in [-90, 90], longitude is
/// finite and normalised into [-180, 180) (so 180 becomes -180 and 190 becomes -170).
///
/// Thread safety: an immutable value; `Sendable`.
/// C twin: `gk_coord` (`{ double lat, lon; }`), checked by `gk_coord_check`.
public struct Coordinate: Sendable, Hashable, CustomStringConvertible {
    /// Latitude in degrees, in [-90, 90].
    public let latitude: Double
    /// Longitude in degrees, in [-180, 180).
    public let longitude: Double

    /// Creates a coordinate from degrees, normalising the longitude into [-180, 180).
    ///
    /// - Throws: `GeoKernelError` `.invalidArgument` when latitude is outside [-90, 90]
    ///   or either value is NaN or infinite.
    /// - Complexity: O(1).
    public init(latitude: Double, longitude: Double) throws(GeoKernelError) {
        guard latitude.isFinite, longitude.isFinite else {
            throw .invalid("coordinate (\(latitude), \(longitude)) is not finite")
        }
        guard latitude >= -90, latitude <= 90 else {
            throw .invalid("latitude \(latitude) is outside [-90, 90]")
        }
        self.latitude = latitude
        self.longitude = Coordinate.normalizedLongitude(longitude)
    }

    /// Creates a coordinate without validation; for kernels that produce values known to
    /// be in range. The longitude is still normalised.
    @inlinable
    package init(uncheckedLatitude latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = Coordinate.normalizedLongitude(longitude)
    }

    /// `longitude` (degrees, finite) wrapped into [-180, 180).
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func normalizedLongitude(_ longitude: Double) -> Double {
        if longitude >= -180, longitude < 180 { return longitude }
        var r = fmod(longitude + 180, 360)
        if r < 0 { r += 360 }
        let out = r - 180
        // fmod is exact, but r - 180 may round up to 180 for tiny negative inputs.
        return out >= 180 ? -180 : out
    }

    public var description: String { "(\(latitude), \(longitude))" }
}
