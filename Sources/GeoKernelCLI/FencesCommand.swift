import ArgumentParser
import FoundationEssentials
import GeoFormats
import GeoKernel
import GeoText
import Geofence

/// `geokernel fences --fences fences.geojson --trace trace.gpx`: the enter, exit and dwell
/// events of a recorded trace, as a table or JSON lines.
struct Fences: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Geofence events (enter, exit, dwell) of a trace.",
        discussion: """
            Fences: the Point, Polygon and MultiPolygon features of a GeoJSON file. A Point \
            is a circular fence of its "radius" property in metres (else --radius, default \
            1000); a Polygon or MultiPolygon is a fence of that shape (holes and \
            antimeridian crossings included; edges straight in degrees, as RFC 7946 says). \
            The id is the feature's "id" (or its "id", "name" or "label" property). Other \
            features are skipped with a note, so the output of `geokernel route --format \
            geojson` works as it is: its pins (labelled A, B, …) become 1 km fences and its \
            legs are skipped. A file without any fence is an error. Trace: GPX, CSV or \
            GeoJSON (see TrackReader); fixes are sorted by time.
            """)

    enum OutputFormat: String, CaseInsensitiveChoice { case table, jsonl }

    @Option(help: "GeoJSON file of Point (with a \"radius\" in metres), Polygon and MultiPolygon features with ids; - for standard input.") var fences: String
    @Option(help: "Trace file: .gpx, .csv or .geojson; - for standard input (format from the content).") var trace: String
    @Option(help: "Output: table or jsonl (one JSON object per line).") var format: OutputFormat = .table
    @Option(help: "Metres beyond radius + accuracy before a fix counts as outside.") var hysteresis: Double = 20
    @Option(help: "Metres inside the boundary before a fix counts as inside.") var enterMargin: Double = 0
    @Option(help: "Consecutive fixes inside that confirm an enter.") var enterFixes: Int = 1
    @Option(help: "Seconds inside that confirm an enter.") var enterSeconds: Double = 0
    @Option(help: "Consecutive fixes outside that confirm an exit.") var exitFixes: Int = 2
    @Option(help: "Seconds outside that confirm an exit.") var exitSeconds: Double = 0
    @Option(help: "Ignore fixes with a worse accuracy (metres); 'inf' keeps all.") var maxAccuracy: Double = 100
    @Option(help: "Seconds inside before a dwell event; 'inf' for none.") var dwell: Double = 300
    @Option(help: "Accuracy (metres) assumed for fixes that have none.") var assumedAccuracy: Double = 0
    @Option(help: "Radius in metres of fences without a \"radius\" property.") var radius: Double = CircularFence.defaultRadiusMeters
    @Option(help: "Also draw the fences (circles and polygons) and the trace into this SVG file: fences the trace entered green, the others grey, on a Web Mercator map; - for standard output, the events then going to standard error.") var svg: String?

    @OptionGroup var background: MapBackgroundOptions

    @Flag(help: "No progress line on standard error (shown for work over 2 s when it is a terminal).") var quiet = false

    func validate() throws {
        try InputFiles.requireOneStandardInput(
            ["--fences": fences, "--trace": trace, "--osm": background.osm, "--graph": background.graph])
    }

    func run() throws {
        try DataOutput.prepare(svg)
        let rules = GeofenceConfiguration(
            hysteresisMeters: hysteresis, enterMarginMeters: enterMargin,
            enterConfirmationFixes: enterFixes, enterConfirmationSeconds: enterSeconds,
            exitConfirmationFixes: exitFixes, exitConfirmationSeconds: exitSeconds,
            maximumAccuracyMeters: maxAccuracy, dwellSeconds: dwell, assumedAccuracyMeters: assumedAccuracy)
        let monitor = try GeofenceMonitor(configuration: rules)
        let fenceList = try Self.readFences(fences, defaultRadius: radius)
        try monitor.add(contentsOf: fenceList.circles)
        try monitor.add(contentsOf: fenceList.polygons)
        let fixes = try InputFiles.track(trace).fixes
        let events = try monitor.update(with: fixes)
        switch format {
        case .table:
            print("| time (UTC) | event | fence |")
            print("|---|---|---|")
            for e in events { print("| \(ISO8601Time.format(e.timestamp)) | \(e.kind) | \(e.fenceID) |") }
            print("\n\(events.count) events from \(fixes.count) fixes (\(monitor.ignoredFixCount) ignored for accuracy) "
                + "and \(monitor.count) fences; inside at the end: "
                + (monitor.insideFenceIDs.isEmpty ? "none" : monitor.insideFenceIDs.joined(separator: ", ")))
        case .jsonl:
            for e in events {
                var w = JSONWriter(.compact)
                w.beginObject()
                w.member("time", ISO8601Time.format(e.timestamp))
                w.member("t", e.timestamp)
                w.member("event", "\(e.kind)")
                w.member("fence", e.fenceID)
                w.endObject()
                print(w.text)
            }
        }
        if let svg {
            let entered = Set(events.filter { $0.kind == .enter }.map(\.fenceID)).union(monitor.insideFenceIDs)
            let title = InputFiles.name(trace) + " and " + InputFiles.name(fences)
            let roads = try background.load(progress: Progress(quiet: quiet))
            try SVGPictures.write(
                SVGPictures.fences(
                    fenceList.circles, polygons: fenceList.polygons, entered: entered, track: fixes.map(\.coordinate),
                    title: title, roads: roads),
                to: svg)
        }
    }

    /// The fences of a GeoJSON file: circles from its Point features, polygon fences from its
    /// Polygon and MultiPolygon features; other features are skipped (with a note on
    /// standard error), unless there is no fence at all.
    static func readFences(
        _ path: String, defaultRadius: Double = CircularFence.defaultRadiusMeters
    ) throws(GeoKernelError) -> (circles: [CircularFence], polygons: [PolygonFence]) {
        var circles: [CircularFence] = []
        var polygons: [PolygonFence] = []
        var skipped: [(index: Int, type: String)] = []
        for (i, f) in try InputFiles.geoJSON(path).features.enumerated() {
            let at = "\(path): features[\(i)]"
            let id: String
            switch f.id ?? f.properties["id"] ?? f.properties["name"] ?? f.properties["label"] {
            case .string(let s)?: id = s
            case .number(let n)?: id = n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
            default: id = "fence \(i + 1)"
            }
            do throws(GeoKernelError) {
                switch f.geometry {
                case .point(let p)?:
                    var radius = defaultRadius
                    if let r = f.properties["radius"] ?? f.properties["radius_m"] {
                        guard let v = r.numberValue else { throw GeoKernelError(.parse, "\"radius\" must be a number of metres") }
                        radius = v
                    }
                    circles.append(try CircularFence(id: id, center: try p.coordinate(), radiusMeters: radius))
                case .polygon(let rings)?:
                    polygons.append(try PolygonFence(id: id, polygon: try polygon(rings)))
                case .multiPolygon(let parts)?:
                    var list: [Polygon] = []
                    for (k, rings) in parts.enumerated() {
                        do throws(GeoKernelError) { list.append(try polygon(rings)) } catch {
                            throw GeoKernelError(error.code, "polygon \(k): \(error.message)")
                        }
                    }
                    polygons.append(try PolygonFence(id: id, polygons: list))
                default:
                    skipped.append((i, f.geometry?.typeName ?? "no geometry"))
                }
            } catch {
                throw GeoKernelError(error.code, "\(at): \(error.message)")
            }
        }
        if circles.isEmpty, polygons.isEmpty, let first = skipped.first {
            throw GeoKernelError(
                .parse, "\(path): features[\(first.index)]: a fence must be a Point, Polygon or MultiPolygon (got \(first.type))")
        }
        if !skipped.isEmpty {
            let types = Set(skipped.map(\.type)).sorted().joined(separator: ", ")
            StandardStreams.note("fences: skipped \(skipped.count) features that are not fences (\(types)) in \(path)\n")
        }
        return (circles, polygons)
    }

    /// A polygon from GeoJSON rings ([longitude, latitude] positions).
    private static func polygon(_ rings: [[GeoJSONPosition]]) throws(GeoKernelError) -> Polygon {
        var out: [[Coordinate]] = []
        for (r, ring) in rings.enumerated() {
            var cs: [Coordinate] = []
            for (k, p) in ring.enumerated() {
                do throws(GeoKernelError) { cs.append(try p.coordinate()) } catch {
                    throw GeoKernelError(error.code, "ring \(r), position \(k): \(error.message)")
                }
            }
            out.append(cs)
        }
        return try Polygon(rings: out)
    }
}
