import ArgumentParser
import FoundationEssentials
import GeoFormats
import GeoKernel
import Nearby

/// `geokernel nearby FILE --lat LAT --lon LON [--k K] [--radius-m R]`: the points of a
/// GeoJSON FeatureCollection (or of a gazetteer) nearest to a coordinate, as a table or
/// as GeoJSON.
struct NearbyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearby",
        abstract: "Points of a file nearest to a coordinate.",
        discussion: """
            FILE is a GeoJSON FeatureCollection (Point features; other geometries are \
            skipped), a CSV file or a GeoNames cities*.txt. A CSV needs a header with a \
            latitude (lat, latitude) and a longitude (lon, lng, long, longitude) column in \
            degrees, "," or ";" separated; every other column becomes a property. Points are \
            named by the CSV's name column (with admin1 and cc when present, as in the \
            cities1000.csv gazetteer), else by its id column (also the GeoJSON feature id), \
            else by row number: "row 3" is the third data row, the header not counted (the \
            GeoJSON output has it as the "row" property). Distances are great-circle metres on the sphere \
            R = 6 371 008.8 m; equal distances list the earlier point first. With \
            --radius-m every point within the radius is listed (nearest first unless \
            --unsorted), at most --k of them when --k is given.
            """)

    @Argument(help: "A .geojson/.json FeatureCollection (- for standard input), a .csv of points (lat, lon columns) or a GeoNames .txt.")
    var file: String

    @Option(parsing: .unconditional, help: "Latitude of the query point, degrees (negative values too: --lat -33.9).")
    var lat: Double

    @Option(parsing: .unconditional, help: "Longitude of the query point, degrees.")
    var lon: Double

    @Option(help: "How many nearest points (default 10 without --radius-m).")
    var k: Int?

    @Option(name: .customLong("radius-m"), help: "List every point within this many metres.")
    var radiusM: Double?

    @Flag(help: "With --radius-m: in index order instead of nearest first.")
    var unsorted = false

    @Option(help: "table or geojson.")
    var format: OutputFormat = .table

    enum OutputFormat: String, CaseInsensitiveChoice { case table, geojson }

    func run() throws {
        let query = try Coordinate(latitude: lat, longitude: lon)
        let input = try NearbyInput.read(file)
        let index = try SpatialIndex(input.features.map(\.coordinate))
        let hits: [SpatialIndex.Neighbor]
        if let radiusM {
            let all = try index.within(radiusMeters: radiusM, of: query, sorted: !unsorted)
            hits = k.map { Array(all.prefix(max(0, $0))) } ?? all
        } else {
            hits = try index.nearest(to: query, k: k ?? 10)
        }
        switch format {
        case .table:
            print(NearbyOutput.table(hits, input, query: query))
        case .geojson:
            print(NearbyOutput.geoJSON(hits, input))
        }
    }
}

/// The points read from a file, with their GeoJSON properties.
struct NearbyInput {
    struct Feature {
        var coordinate: Coordinate
        var properties: [String: JSONValue]
        var id: JSONValue?
        /// The name shown in the table when the properties have no "name".
        var label: String?
    }

    var features: [Feature]
    var skipped = 0

    static func read(_ path: String) throws -> NearbyInput {
        let lower = path.lowercased()
        if lower.hasSuffix(".csv") {
            return NearbyInput(features: try CSVPoints.read(contentsOf: path).rows.map { row in
                var properties = row.fields.mapValues { JSONValue.string($0) }
                if properties["row"] == nil { properties["row"] = .number(Double(row.row)) }
                let id = row.fields.first { $0.key.lowercased() == "id" }?.value
                return Feature(
                    coordinate: row.coordinate, properties: properties, id: id.map { .string($0) },
                    label: id ?? "row \(row.row)")
            })
        }
        if lower.hasSuffix(".txt") || lower.hasSuffix(".tsv") {
            let g = try ReverseGeocoder(contentsOf: path)
            return NearbyInput(features: g.places.map { p in
                Feature(coordinate: p.coordinate, properties: [
                    "name": .string(p.name), "admin1": .string(p.admin1), "admin2": .string(p.admin2),
                    "cc": .string(p.countryCode),
                ])
            })
        }
        var input = NearbyInput(features: [])
        for f in try InputFiles.geoJSON(path).features {
            guard case .point(let position) = f.geometry else { input.skipped += 1; continue }
            input.features.append(Feature(coordinate: try position.coordinate(), properties: f.properties, id: f.id))
        }
        if input.skipped > 0 {
            StandardStreams.note("nearby: skipped \(input.skipped) features that are not Points\n")
        }
        return input
    }
}

/// Printing of results.
enum NearbyOutput {
    static func table(_ hits: [SpatialIndex.Neighbor], _ input: NearbyInput, query: Coordinate) -> String {
        var lines = ["\(hits.count) of \(input.features.count) points from (\(query.latitude), \(query.longitude))"]
        lines.append(pad("#", 4) + pad("distance", 14) + pad("latitude", 12) + pad("longitude", 13) + "name / properties")
        for (rank, h) in hits.enumerated() {
            let f = input.features[Int(h.id)]
            lines.append(pad("\(rank + 1)", 4) + pad(Format.meters(h.distanceMeters), 14)
                + pad(Format.fixed(f.coordinate.latitude, 5), 12) + pad(Format.fixed(f.coordinate.longitude, 5), 13)
                + label(f))
        }
        return lines.joined(separator: "\n")
    }

    static func geoJSON(_ hits: [SpatialIndex.Neighbor], _ input: NearbyInput) -> String {
        let features = hits.enumerated().map { rank, h in
            let f = input.features[Int(h.id)]
            var properties = f.properties
            properties["distance_m"] = .number(h.distanceMeters)
            properties["rank"] = .number(Double(rank + 1))
            return GeoJSONFeature(id: f.id, geometry: .point(GeoJSONPosition(f.coordinate)), properties: properties)
        }
        return GeoJSON.encode(.featureCollection(features))
    }

    /// The name property if there is one, else the properties in key order.
    static func label(_ f: NearbyInput.Feature) -> String {
        if let name = f.properties["name"]?.stringValue {
            let extra = ["admin1", "cc"].compactMap { f.properties[$0]?.stringValue }.filter { !$0.isEmpty }
            return ([name] + extra).joined(separator: ", ")
        }
        if let label = f.label { return label }
        return f.properties.keys.sorted().map { "\($0)=\(text(f.properties[$0]!))" }.joined(separator: " ")
    }

    static func text(_ v: JSONValue) -> String {
        switch v {
        case .string(let s): s
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        case .bool(let b): String(b)
        case .null: "null"
        default: "…"
        }
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }
}
