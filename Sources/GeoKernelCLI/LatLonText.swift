import ArgumentParser
import FoundationEssentials
import GeoKernel
import GeoText

/// "LAT,LON" arguments in degrees (`--pin`, `places lookup`).
enum LatLonText {
    /// Parses "LAT,LON"; `option` names the argument in the error.
    static func parse(_ text: String, option: String) throws -> Coordinate {
        let parts = text.split(separator: ",").map { Double($0.trimmingBlanks()) }
        guard parts.count == 2, let lat = parts[0], let lon = parts[1] else {
            throw ValidationError("\(option) \(text): expected LAT,LON in degrees, e.g. \(option) 37.7749,-122.4194")
        }
        return try Coordinate(latitude: lat, longitude: lon)
    }
}
