import ArgumentParser
import FoundationEssentials
import GeoKernel
import GeoText
import Route

/// `geokernel isochrone --graph FILE --from LAT,LON --minutes 10`: everything reachable
/// within a travel time or a distance along the roads.
struct IsochroneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "isochrone",
        abstract: "Roads reachable from a point within a travel time or distance, and their outline.",
        discussion: """
            The point is snapped onto the nearest road a route can leave. --minutes or \
            --seconds bound the travel time (the fastest metric, with the network's turn \
            costs and restrictions); --meters bounds the distance along the roads (the \
            shortest metric). The text output sums up the reached roads and the outline; \
            --format geojson gives the origin, the outline (a MultiPolygon traced on a grid \
            of --cell metres, by default 1/150 of the reached area's side and at least \
            30 m) and each reached part of a road with its costs; json gives the figures. \
            --svg draws the outline and the reached roads over the network.
            """)

    @OptionGroup var network: RoadNetworkOptions

    @Option(help: "Where travel starts, as LAT,LON in degrees.")
    var from: String

    @Option(help: "The travel time in minutes.")
    var minutes: Double?

    @Option(help: "The travel time in seconds.")
    var seconds: Double?

    @Option(help: "The distance along the roads in metres.")
    var meters: Double?

    @Option(help: "The outline's grid cell in metres (at least 1).")
    var cell: Double?

    @Option(help: "Farthest the point may be from a road, in metres.")
    var maxSnap = 200.0

    @Option(help: "Output: text, json (the figures) or geojson (origin, outline and reached roads).")
    var format: OutputFormat = .text

    @Flag(help: "With --format geojson: the origin and the outline only, not each reached road.")
    var outlineOnly = false

    @Option(help: "Also draw the isochrone into this SVG file (- for standard output, the usual output then going to standard error).")
    var svg: String?

    enum OutputFormat: String, CaseInsensitiveChoice {
        case text, json, geojson
    }

    func validate() throws {
        try InputFiles.requireOneStandardInput(["--osm": network.osm, "--graph": network.graph])
        let given = [minutes, seconds, meters].compactMap { $0 }
        guard given.count == 1 else { throw ValidationError("give one of --minutes, --seconds or --meters") }
        guard given[0].isFinite, given[0] >= 0 else { throw ValidationError("the limit must be 0 or more and finite") }
        guard network.isGiven else { throw ValidationError("give --osm FILE or --graph FILE") }
    }

    var limit: RoadIsochrone.Limit {
        if let meters { return .meters(meters) }
        return .seconds(seconds ?? 60 * minutes!)
    }

    func run() throws {
        try DataOutput.prepare(svg)
        let origin = try LatLonText.parse(from, option: "--from")
        let (graph, _) = try network.loadGraph()
        let router = try RoadRouter(graph: graph, mode: try network.travelMode(), maxSnapDistanceMeters: maxSnap)
        let area = try router.isochrone(from: origin, within: limit, cellMeters: cell)
        let summary = Self.summary(area, router: router)
        let out: String =
            switch format {
            case .text: summary.joined(separator: "\n")
            case .json: Self.json(area)
            case .geojson: area.geoJSON(parts: !outlineOnly)
            }
        if svg == "-" { StandardStreams.note(out + "\n") } else { print(out) }
        if let svg {
            try SVGPictures.write(
                SVGPictures.isochrone(area, title: summary[0], subtitle: summary[1], roads: graph), to: svg)
        }
    }

    /// "10 min", "90 s", "1.5 km".
    static func limitText(_ limit: RoadIsochrone.Limit) -> String {
        switch limit {
        case .seconds(let s): s >= 60 && (s / 60).rounded() == s / 60 ? "\(Int(s / 60)) min" : "\(Format.fixed(s, 0)) s"
        case .meters(let m): DiaryText.distance(m)
        }
    }

    /// The text output's lines: a title, a subtitle, then the figures.
    static func summary(_ area: RoadIsochrone, router: RoadRouter) -> [String] {
        let holes = area.outline.reduce(0) { $0 + $1.count - 1 }
        let by = area.limit.metric == .fastest ? "by \(router.mode.rawValue)" : "along the roads"
        let o = area.origin.input
        return [
            "Within \(limitText(area.limit)) \(by) of \(Format.fixed(o.latitude, 5)), \(Format.fixed(o.longitude, 5))",
            "\(router.describe(area.origin)); \(area.parts.count) road parts, "
                + "\(DiaryText.distance(area.reachedLengthMeters)) of road (each direction counted)",
            "outline: \(area.outline.count) polygon\(area.outline.count == 1 ? "" : "s"), \(holes) hole\(holes == 1 ? "" : "s"), "
                + "traced on \(DiaryText.distance(area.cellMeters)) cells",
        ]
    }

    /// `--format json`: `origin` (`lat`, `lon`, `road_lat`, `road_lon`, `road_distance_m`),
    /// `metric`, `limit` (seconds or metres), `parts`, `reached_length_m`, `polygons`,
    /// `holes`, `outline_vertices`, `cell_m`.
    static func json(_ area: RoadIsochrone) -> String {
        var w = JSONWriter(.compact)
        w.beginObject()
        w.key("origin")
        w.beginObject()
        w.member("lat", area.origin.input.latitude)
        w.member("lon", area.origin.input.longitude)
        w.member("road_lat", area.origin.point.latitude)
        w.member("road_lon", area.origin.point.longitude)
        w.member("road_distance_m", area.origin.distanceMeters)
        w.endObject()
        w.member("metric", area.limit.metric == .fastest ? "fastest" : "shortest")
        w.member("limit", area.limit.value)
        w.member("parts", area.parts.count)
        w.member("reached_length_m", area.reachedLengthMeters)
        w.member("polygons", area.outline.count)
        w.member("holes", area.outline.reduce(0) { $0 + $1.count - 1 })
        w.member("outline_vertices", area.outline.joined().reduce(0) { $0 + $1.count })
        w.member("cell_m", area.cellMeters)
        w.endObject()
        return w.text
    }
}
