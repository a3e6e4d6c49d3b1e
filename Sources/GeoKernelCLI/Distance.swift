import ArgumentParser
import GeoKernel
import GeoText

/// `geokernel distance LAT1 LON1 LAT2 LON2`: sphere and WGS84 distances and bearings.
struct Distance: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Distance and bearings between two points.",
        discussion: """
            Prints the great-circle distance on the sphere of mean radius, the geodesic \
            distance on the WGS84 ellipsoid, the initial bearing on the sphere and the \
            initial and final azimuths on WGS84. Bearings and azimuths are in degrees \
            clockwise from north, in [0, 360) (0 = north, 90 = east). \
            \(PositionalNumbers.helpNote)
            """)

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "Latitude and longitude of the first point, then of the second, in degrees.",
            valueName: "lat1 lon1 lat2 lon2"))
    var coordinates: [String] = []

    @Option(help: "Output: text, or json (one object; metres and degrees).")
    var format: TextOrJSON = .text

    static let names = ["LAT1", "LON1", "LAT2", "LON2"]

    func validate() throws { _ = try PositionalNumbers.parse(coordinates, names: Self.names) }

    func run() throws {
        let v = try PositionalNumbers.parse(coordinates, names: Self.names)
        let a = try Coordinate(latitude: v[0], longitude: v[1])
        let b = try Coordinate(latitude: v[2], longitude: v[3])
        let g = Geodesic.wgs84.inverse(from: a, to: b)
        if format == .json {
            var w = JSONWriter(.compact)
            w.beginObject()
            w.member("haversine_m", haversineDistance(a, b))
            w.member("geodesic_m", g.distanceMeters)
            w.member("initial_bearing_deg", Format.bearing(a.initialBearing(to: b)))
            w.member("initial_azimuth_deg", Format.bearing(g.initialAzimuthDegrees))
            w.member("final_azimuth_deg", Format.bearing(g.finalAzimuthDegrees))
            w.endObject()
            print(w.text)
            return
        }
        print("haversine (sphere R = 6 371 008.8 m): \(Format.meters(haversineDistance(a, b)))")
        print("geodesic (WGS84):                     \(Format.meters(g.distanceMeters))")
        print("initial bearing (sphere):             \(Format.bearing(a.initialBearing(to: b), 4))°")
        print("azimuths (WGS84):                     \(Format.bearing(g.initialAzimuthDegrees, 4))° → \(Format.bearing(g.finalAzimuthDegrees, 4))°")
    }
}
