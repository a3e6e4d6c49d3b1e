import ArgumentParser
import Foundation
import GeoFormats
import GeoKernel

/// `geokernel simplify FILE --tolerance M`: Douglas–Peucker on every line of a GeoJSON
/// file (LineString and MultiLineString features or geometries) or every segment of the
/// tracks (or else routes) of a GPX file; simplified GeoJSON out.
struct SimplifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simplify",
        abstract: "Simplify lines (GeoJSON LineString or GPX track) with Douglas–Peucker; GeoJSON out.",
        discussion: """
            The tolerance is in metres on the sphere: each line is projected to the gnomonic \
            plane tangent at its centre, where great circles are straight, so no removed point \
            is farther than the tolerance from the result. Every output feature carries \
            inputVertices, keptVertices, toleranceMeters and maximumScaleFactor (how much the \
            plane lengthened distances on that line; 1.0001 means 0.01 %).
            """)

    @Argument(help: "A GeoJSON (.geojson/.json) or GPX (.gpx) file; - reads GeoJSON from standard input.")
    var input: String

    @Option(parsing: .unconditional, help: "Largest distance in metres at which a point may be removed.")
    var tolerance: Double

    @Flag(help: "Run simplify-js's radial-distance pre-pass first (faster on dense lines; removed points may then be up to twice the tolerance away).")
    var radialPrePass = false

    @Option(name: .shortAndLong, help: "Write the GeoJSON here instead of standard output.")
    var output: String?

    func run() throws {
        let lines = try readLines()
        guard !lines.isEmpty else { throw GeoKernelError(.parse, "\(input): no LineString, MultiLineString or GPX track found") }
        var features: [GeoJSONFeature] = []
        var summary: [String] = []
        for line in lines {
            let result = try DouglasPeucker.simplify(
                line.coordinates, toleranceMeters: tolerance, options: .init(radialPrePass: radialPrePass))
            var properties = line.properties
            properties["inputVertices"] = .number(Double(line.coordinates.count))
            properties["keptVertices"] = .number(Double(result.keptIndices.count))
            properties["toleranceMeters"] = .number(tolerance)
            properties["maximumScaleFactor"] = .number(result.maximumScaleFactor)
            features.append(
                GeoJSONFeature(
                    geometry: .lineString(result.coordinates.map { GeoJSONPosition($0) }), properties: properties))
            summary.append("\(line.name): \(line.coordinates.count) → \(result.keptIndices.count) points")
        }
        let text = GeoJSON.encode(.featureCollection(features)) + "\n"
        if let output {
            try FileIO.writeAtomically(to: output, text: text)
        } else {
            print(text, terminator: "")
        }
        FileHandle.standardError.write(Data((summary.joined(separator: "\n") + "\n").utf8))
    }

    struct Line {
        var name: String
        var coordinates: [Coordinate]
        var properties: [String: JSONValue]
    }

    /// The lines of the input file, in file order.
    func readLines() throws -> [Line] {
        if input.lowercased().hasSuffix(".gpx") {
            let doc = try GPX.read(contentsOf: input)
            var lines: [Line] = []
            for (t, track) in doc.tracks.enumerated() {
                for (s, segment) in track.segments.enumerated() where !segment.isEmpty {
                    lines.append(Line(
                        name: "track \(track.name ?? String(t + 1)), segment \(s + 1)",
                        coordinates: segment.map(\.coordinate),
                        properties: ["track": .string(track.name ?? String(t + 1)), "segment": .number(Double(s + 1))]))
                }
            }
            if lines.isEmpty {
                for (r, route) in doc.routes.enumerated() where !route.points.isEmpty {
                    lines.append(Line(
                        name: "route \(route.name ?? String(r + 1))", coordinates: route.points.map(\.coordinate),
                        properties: ["route": .string(route.name ?? String(r + 1))]))
                }
            }
            return lines
        }
        let object: GeoJSONObject
        if input == "-" {
            object = try GeoJSON.decode(FileHandle.standardInput.readDataToEndOfFile(), source: "standard input")
        } else {
            object = try GeoJSON.read(contentsOf: input)
        }
        var lines: [Line] = []
        for (i, feature) in object.features.enumerated() {
            let parts: [[GeoJSONPosition]]
            switch feature.geometry {
            case .lineString(let p): parts = [p]
            case .multiLineString(let ps): parts = ps
            default: continue
            }
            for (j, part) in parts.enumerated() {
                var properties = feature.properties
                if parts.count > 1 { properties["part"] = .number(Double(j + 1)) }
                lines.append(Line(
                    name: "feature \(i + 1)" + (parts.count > 1 ? ", part \(j + 1)" : ""),
                    coordinates: try part.map { (p) throws(GeoKernelError) in try p.coordinate() },
                    properties: properties))
            }
        }
        return lines
    }
}
