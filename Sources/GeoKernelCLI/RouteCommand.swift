import ArgumentParser
import Foundation
import GeoFormats
import GeoKernel
import OpenStreetMap
import Route

/// `geokernel route --pin LAT,LON --pin LAT,LON …`: a route plan's legs, travel times and
/// cumulative directions.
struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Legs, travel times and directions between pins.",
        discussion: """
            Pins come from --pin LAT,LON (repeatable; negative values are fine) and/or from a \
            file: the Point features of a GeoJSON file, or the waypoints (else route points) \
            of a GPX file. With --osm FILE (or --graph FILE) legs follow the roads of an \
            OpenStreetMap extract for --profile car, bicycle or foot, with turn-by-turn \
            directions; without, legs follow the great circle between pins, timed by --speed. \
            Lengths on the sphere of mean radius; times shown as "0d 2h 45m".
            """)

    @OptionGroup var network: RoadNetworkOptions

    @Flag(help: "With --format geojson: each step as an object with its maneuver, modifier, exit, road, distance, time and geometry range.")
    var steps = false

    @Option(name: .customLong("pin"), parsing: .unconditionalSingleValue, help: "A pin as LAT,LON in degrees (repeatable).")
    var pins: [String] = []

    @Option(name: .customLong("pins"), help: "A GeoJSON file of Point features or a GPX file of waypoints.")
    var pinsFile: String?

    @Option(help: "The most pins the route takes; one more is an error.")
    var maxPins = 5

    @Option(help: "Average speed in km/h for the travel times.")
    var speed = 60.0

    @Option(help: "Greatest spacing in metres of the great-circle legs' vertices.")
    var spacing = 1_000.0

    @Option(help: "Output: text (legs, times, directions), geojson, or polyline (Google's encoded format).")
    var format: OutputFormat = .text

    @Option(help: "Precision of --format polyline: 5 (Google) or 6 (OSRM).")
    var precision = 5

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, geojson, polyline
    }

    func run() throws {
        var coordinates = try pins.map(parsePin)
        if let pinsFile { coordinates += try readPins(pinsFile) }
        guard !coordinates.isEmpty else { throw ValidationError("give pins with --pin LAT,LON or --pins FILE") }
        var router: RoadRouter?
        if network.isGiven {
            let (graph, _) = try network.loadGraph()
            router = try RoadRouter(graph: graph, metric: network.metric.value, mode: try network.travelMode())
        }
        var plan = try RoutePlan(
            configuration: .init(
                maxPins: maxPins, speed: try SpeedProfile(name: "--speed", kilometersPerHour: speed),
                spacingMeters: spacing),
            router: router)
        for c in coordinates { try plan.addPin(c) }
        switch format {
        case .geojson: print(plan.geoJSON(detailedSteps: steps))
        case .polyline: print(try EncodedPolyline.encode(plan.geometry, precision: precision))
        case .text: printText(plan)
        }
    }

    func printText(_ plan: RoutePlan) {
        print("Pins")
        for pin in plan.pins {
            print("  \(pin.label)  \(Format.fixed(pin.coordinate.latitude, 6)), \(Format.fixed(pin.coordinate.longitude, 6))")
        }
        if !plan.legs.isEmpty {
            print("Legs")
            for leg in plan.legs {
                let name = leg.name.isEmpty ? "" : "  \(leg.name)"
                print("  \(leg.from.label) → \(leg.to.label)  \(Format.meters(leg.lengthMeters))  \(leg.travelTime)\(name)")
            }
            print("  total  \(Format.meters(plan.totalLengthMeters))  \(plan.totalTravelTime)")
        }
        if let region = try? plan.region(paddingFactor: 1.2) {
            print("Map region (20 % margin): centre \(Format.fixed(region.center.latitude, 5)), "
                + "\(Format.fixed(region.center.longitude, 5)); span \(Format.fixed(region.latitudeDeltaDegrees, 5))° × "
                + "\(Format.fixed(region.longitudeDeltaDegrees, 5))°")
        }
        if !plan.directions.isEmpty {
            print("Directions")
            for line in plan.directions {
                print(line.contains("irections from ") && !line.hasPrefix(" ") ? "  \(line)" : "    \(line)")
            }
        }
    }

    /// "LAT,LON" in degrees.
    func parsePin(_ text: String) throws -> Coordinate {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let lat = parts[0], let lon = parts[1] else {
            throw ValidationError("--pin \(text): expected LAT,LON in degrees, e.g. --pin 37.7749,-122.4194")
        }
        return try Coordinate(latitude: lat, longitude: lon)
    }

    /// Points of a GeoJSON file, or the waypoints (else route points) of a GPX file.
    func readPins(_ path: String) throws -> [Coordinate] {
        if path.lowercased().hasSuffix(".gpx") {
            let doc = try GPX.read(contentsOf: path)
            let points = doc.waypoints.isEmpty ? doc.routes.flatMap(\.points) : doc.waypoints
            return points.map(\.coordinate)
        }
        return try GeoJSON.read(contentsOf: path).features.compactMap { (f) throws(GeoKernelError) -> Coordinate? in
            if case .point(let p) = f.geometry { return try p.coordinate() }
            return nil
        }
    }
}
