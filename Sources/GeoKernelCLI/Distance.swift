import ArgumentParser
import GeoKernel

/// `geokernel distance LAT1 LON1 LAT2 LON2`: sphere and WGS84 distances and bearings.
struct Distance: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Distance and bearings between two points (degrees).")

    @Argument(help: "Latitude of the first point, degrees.") var lat1: Double
    @Argument(help: "Longitude of the first point, degrees.") var lon1: Double
    @Argument(help: "Latitude of the second point, degrees.") var lat2: Double
    @Argument(help: "Longitude of the second point, degrees.") var lon2: Double

    func run() throws {
        let a = try Coordinate(latitude: lat1, longitude: lon1)
        let b = try Coordinate(latitude: lat2, longitude: lon2)
        let g = Geodesic.wgs84.inverse(from: a, to: b)
        print("haversine (sphere R = 6 371 008.8 m): \(Format.meters(haversineDistance(a, b)))")
        print("geodesic (WGS84):                     \(Format.meters(g.distanceMeters))")
        print("initial bearing (sphere):             \(Format.fixed(a.initialBearing(to: b), 4))°")
        print("azimuths (WGS84):                     \(Format.fixed(g.initialAzimuthDegrees, 4))° → \(Format.fixed(g.finalAzimuthDegrees, 4))°")
    }
}
