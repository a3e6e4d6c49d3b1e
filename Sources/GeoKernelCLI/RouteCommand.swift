import ArgumentParser
import FoundationEssentials
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
            Lengths on the sphere of mean radius; times shown as "0d 2h 45m", to the \
            nearest minute. The total is the sum of the unrounded leg times, rounded; in the \
            text output the legs (and each leg's "Estimated time" in the directions) are \
            rounded by the largest remainder rule so that they add up to the total: each leg gets its whole \
            minutes, and the minutes still missing go to the legs with the largest \
            fractions (the earlier leg on a tie). GeoJSON output also gives each leg's \
            unrounded travelTimeSeconds. Pins are added in order; when one cannot \
            be added (beyond --max-pins, default 5, or off the \
            roads), the route of the pins before it is printed, the error goes to standard \
            error and the exit status is 1.
            """)

    @OptionGroup var network: RoadNetworkOptions

    @Flag(help: "With --format geojson: each step as an object with its maneuver, modifier, exit, road, distance, time and geometry range.")
    var steps = false

    @Option(name: .customLong("pin"), parsing: .unconditionalSingleValue, help: "A pin as LAT,LON in degrees (repeatable).")
    var pins: [String] = []

    @Option(name: .customLong("pins"), help: "A GeoJSON file of Point features (- for standard input) or a GPX file of waypoints.")
    var pinsFile: String?

    @Option(help: "The most pins the route takes; one more is an error.")
    var maxPins = 5

    @Option(help: "Average speed in km/h for the travel times.")
    var speed = 60.0

    @Option(help: "Greatest spacing in metres of the great-circle legs' vertices.")
    var spacing = 1_000.0

    @Option(help: "The language of the directions: en, de, fr, es or it (default en).")
    var language = "en"

    @Option(help: "Output: text (legs, times, directions), json (the figures, for programs), geojson, or polyline (Google's encoded format).")
    var format: OutputFormat = .text

    @Option(help: "Precision of --format polyline: 5 (Google) or 6 (OSRM).")
    var precision = 5

    @Option(help: "Also draw the route into this SVG file: legs as blue lines, pins as red markers A, B, C…, on a Web Mercator map (the usual output is still printed; - for standard output, the usual output then going to standard error).")
    var svg: String?

    func validate() throws {
        try InputFiles.requireOneStandardInput(["--pins": pinsFile, "--osm": network.osm, "--graph": network.graph])
    }

    enum OutputFormat: String, CaseInsensitiveChoice {
        case text, json, geojson, polyline
    }

    func run() throws {
        try DataOutput.prepare(svg)
        var coordinates = try pins.map(parsePin)
        if let pinsFile { coordinates += try readPins(pinsFile) }
        guard !coordinates.isEmpty else { throw ValidationError("give pins with --pin LAT,LON or --pins FILE") }
        var router: RoadRouter?
        var roads: RoadGraph?
        if network.isGiven {
            let (graph, _) = try network.loadGraph()
            roads = graph
            router = try RoadRouter(graph: graph, metric: network.metric.value, mode: try network.travelMode())
        }
        var plan = try RoutePlan(
            configuration: .init(
                maxPins: maxPins, speed: try SpeedProfile(name: "--speed", kilometersPerHour: speed),
                spacingMeters: spacing),
            router: router)
        do {
            plan.language = try DirectionsLanguage(code: language)
        } catch {
            throw ValidationError("--language: \(error.message)")
        }
        // Pins in order; the first that cannot be added ends the route, which is still printed.
        var failure: String?
        for (i, c) in coordinates.enumerated() {
            do {
                try plan.addPin(c)
            } catch let error where error.code == .capacity {
                // The limit is the app's rule (five pins by default), not the
                // library's: say which pins were left out and how to take them all.
                let n = maxPins, extra = coordinates.count - i
                let limit = n == 1 ? "1 pin (A)" : "\(n) pins (A–\(RoutePin.label(forIndex: n - 1)))"
                let labels = (i..<coordinates.count).map { RoutePin.label(forIndex: $0) }.joined(separator: ", ")
                failure = "a route holds at most \(limit): "
                    + (extra == 1 ? "pin \(labels) at \(c) was not added" : "pins \(labels) were not added")
                    + "; --max-pins \(coordinates.count) takes all \(coordinates.count)"
                break
            } catch {
                // The plan's message already names the pin and its position.
                failure = error.message
                    + (i + 1 < coordinates.count ? " (nor the \(coordinates.count - i - 1) pins after it)" : "")
                break
            }
        }
        if !plan.pins.isEmpty {
            switch format {
            case .json: print(Self.json(plan))
            case .geojson: print(plan.geoJSON(detailedSteps: steps))
            case .polyline: print(try EncodedPolyline.encode(plan.geometry, precision: precision))
            case .text: printText(plan)
            }
            if let svg {
                let title = "Route " + plan.pins.map(\.label).joined(separator: " → ")
                try SVGPictures.write(SVGPictures.route(plan, title: title, roads: roads), to: svg)
            }
        }
        if let failure {
            StandardStreams.note("Error: \(failure)\n")
            throw ExitCode.failure
        }
    }

    /// The legs' times in whole minutes, rounded by the largest remainder rule: each leg
    /// gets its whole minutes, the total is the sum of the unrounded times rounded to the
    /// nearest minute (half up, as TravelTime), and the minutes still missing go to the
    /// legs with the largest fractions, the earlier leg on a tie. The legs add up to the
    /// total; each is its time rounded down or up.
    static func apportionedMinutes(_ seconds: [Double]) -> [Int] {
        let minutes = seconds.map { $0 / 60 }
        var shown = minutes.map { Int($0.rounded(.down)) }
        let total = Int(minutes.reduce(0, +).rounded(.toNearestOrAwayFromZero))
        let order = minutes.indices.sorted { a, b in
            let fa = minutes[a] - minutes[a].rounded(.down), fb = minutes[b] - minutes[b].rounded(.down)
            return fa != fb ? fa > fb : a < b
        }
        var missing = total - shown.reduce(0, +)
        for i in order where missing > 0 {
            shown[i] += 1
            missing -= 1
        }
        return shown
    }

    /// Whole minutes as "0d 2h 45m".
    static func travelTime(minutes: Int) -> String {
        (try? TravelTime(seconds: Double(minutes) * 60))?.description ?? "\(minutes) min"
    }

    func printText(_ plan: RoutePlan) {
        print("Pins")
        for pin in plan.pins {
            let snapped = pin.snapDescription.isEmpty ? "" : "  (\(pin.snapDescription))"
            print("  \(pin.label)  \(Format.fixed(pin.coordinate.latitude, 6)), \(Format.fixed(pin.coordinate.longitude, 6))\(snapped)")
        }
        let minutes = Self.apportionedMinutes(plan.legs.map(\.travelTime.seconds))
        if !plan.legs.isEmpty {
            print("Legs")
            for (leg, m) in zip(plan.legs, minutes) {
                let name = leg.name.isEmpty ? "" : "  \(leg.name)"
                print("  \(leg.from.label) → \(leg.to.label)  \(Format.meters(leg.lengthMeters))  \(Self.travelTime(minutes: m))\(name)")
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
            // Each leg's "Estimated time" line, in leg order, shows the leg's time as in "Legs".
            var legIndex = 0
            for var line in plan.directions {
                if line.hasPrefix("Estimated time: "), legIndex < minutes.count {
                    line = "Estimated time: " + Self.travelTime(minutes: minutes[legIndex])
                    legIndex += 1
                }
                print(line.contains("irections from ") && !line.hasPrefix(" ") ? "  \(line)" : "    \(line)")
            }
        }
    }

    /// "LAT,LON" in degrees.
    func parsePin(_ text: String) throws -> Coordinate { try LatLonText.parse(text, option: "--pin") }

    /// Points of a GeoJSON file, or the waypoints (else route points) of a GPX file.
    func readPins(_ path: String) throws -> [Coordinate] {
        if path.lowercased().hasSuffix(".gpx") {
            let doc = try GPX.read(contentsOf: path)
            let points = doc.waypoints.isEmpty ? doc.routes.flatMap(\.points) : doc.waypoints
            return points.map(\.coordinate)
        }
        return try InputFiles.geoJSON(path).features.compactMap { (f) throws(GeoKernelError) -> Coordinate? in
            if case .point(let p) = f.geometry { return try p.coordinate() }
            return nil
        }
    }
}
