import ArgumentParser
import FoundationEssentials
import GeoFormats
import GeoKernel

/// `geokernel simplify FILE --tolerance T`: Douglas–Peucker on every line and ring of a
/// GeoJSON file (LineString, MultiLineString, Polygon, MultiPolygon, GeometryCollection;
/// features keep their geometry type, properties and id) or every segment of the tracks
/// (or else routes) of a GPX file; simplified GeoJSON out.
struct SimplifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simplify",
        abstract: "Simplify lines and polygons (Douglas–Peucker).",
        discussion: """
            Input: GeoJSON (a FeatureCollection, a Feature or a geometry) with LineString, \
            MultiLineString, Polygon, MultiPolygon or GeometryCollection geometries, or the \
            track segments (else routes) of a GPX file. Every feature comes out with the same \
            geometry type, properties and id; Points pass through unchanged. Each line, part \
            and ring is simplified on its own. A polygon ring stays closed and keeps at least \
            4 positions: when Douglas–Peucker would leave fewer, that ring is simplified again \
            with the tolerance lowered by 1 % at a time until it keeps 4 (Turf's rule); a \
            degenerate ring (all on one line) is kept as it is.

            Tolerance units. By default (geodesic) the tolerance is in metres on the sphere of \
            mean radius: each line is projected to the gnomonic plane tangent at its centre, \
            where great circles are straight, so no removed point is farther than the \
            tolerance from the result; positions must be longitude, latitude in degrees. With \
            --planar the coordinates are used as they are, as x and y in a plane (projected \
            coordinates, e.g. metres of a UTM zone or Web Mercator, or screen points), and the \
            tolerance is in the units of the coordinates (degrees for longitude, latitude, as \
            in Turf and simplify-js).

            Every output feature that was simplified carries inputVertices and keptVertices \
            (summed over its parts and rings); geodesic: toleranceMeters and \
            maximumScaleFactor (how much the plane lengthened distances on that feature; \
            1.0001 means 0.01 %); planar: tolerance and planar = true.
            """)

    @Argument(help: "A GeoJSON (.geojson/.json) or GPX (.gpx) file; - reads GeoJSON from standard input.")
    var input: String

    @Option(parsing: .unconditional, help: "Largest distance at which a point may be removed: metres (geodesic), or units of the coordinates with --planar.")
    var tolerance: Double

    @Flag(help: "Planar Douglas–Peucker on the coordinates as they are (projected coordinates); the tolerance is in their units.")
    var planar = false

    @Flag(help: "Run simplify-js's radial-distance pre-pass first (faster on dense lines; removed points may then be up to twice the tolerance away).")
    var radialPrePass = false

    @Option(name: .shortAndLong, help: "Write the GeoJSON here instead of standard output.")
    var output: String?

    func run() throws {
        var features: [GeoJSONFeature] = []
        var summary: [String] = []
        var simplifiedAny = false
        if input.lowercased().hasSuffix(".gpx") {
            for line in try readLines() {
                var stats = Stats()
                let positions = try simplify(line.coordinates.map { GeoJSONPosition($0) }, ring: false, line.name, &stats)
                features.append(GeoJSONFeature(geometry: .lineString(positions), properties: stats.properties(line.properties, self)))
                summary.append("\(line.name): \(stats.inputVertices) → \(stats.keptVertices) points")
                simplifiedAny = true
            }
        } else {
            for (i, feature) in try readGeoJSON().features.enumerated() {
                var stats = Stats()
                let name = "feature \(i + 1)"
                let geometry = try feature.geometry.map { (g) throws -> GeoJSONGeometry in try simplify(g, name, &stats) }
                guard stats.lines > 0 else { features.append(feature); continue }
                features.append(GeoJSONFeature(id: feature.id, geometry: geometry, properties: stats.properties(feature.properties, self)))
                summary.append("\(name): \(stats.inputVertices) → \(stats.keptVertices) points")
                simplifiedAny = true
            }
        }
        guard simplifiedAny else {
            throw GeoKernelError(.parse, "\(input): no LineString, MultiLineString, Polygon, MultiPolygon or GPX track found")
        }
        let text = GeoJSON.encode(.featureCollection(features)) + "\n"
        if let output {
            try FileIO.writeAtomically(to: output, text: text)
        } else {
            print(text, terminator: "")
        }
        StandardStreams.note(summary.joined(separator: "\n") + "\n")
    }

    /// What was simplified in one feature.
    struct Stats {
        var lines = 0, inputVertices = 0, keptVertices = 0
        var maximumScaleFactor = 1.0

        func properties(_ original: [String: JSONValue], _ command: SimplifyCommand) -> [String: JSONValue] {
            var properties = original
            properties["inputVertices"] = .number(Double(inputVertices))
            properties["keptVertices"] = .number(Double(keptVertices))
            if command.planar {
                properties["tolerance"] = .number(command.tolerance)
                properties["planar"] = .bool(true)
            } else {
                properties["toleranceMeters"] = .number(command.tolerance)
                properties["maximumScaleFactor"] = .number(maximumScaleFactor)
            }
            return properties
        }
    }

    /// The geometry with every line and ring simplified; Points unchanged.
    func simplify(_ geometry: GeoJSONGeometry, _ name: String, _ stats: inout Stats) throws -> GeoJSONGeometry {
        switch geometry {
        case .point, .multiPoint:
            return geometry
        case .lineString(let line):
            return .lineString(try simplify(line, ring: false, name, &stats))
        case .multiLineString(let parts):
            return .multiLineString(try parts.enumerated().map { try simplify($1, ring: false, "\(name), part \($0 + 1)", &stats) })
        case .polygon(let rings):
            return .polygon(try rings.enumerated().map { try simplify($1, ring: true, "\(name), ring \($0 + 1)", &stats) })
        case .multiPolygon(let polygons):
            return .multiPolygon(try polygons.enumerated().map { p, rings in
                try rings.enumerated().map { try simplify($1, ring: true, "\(name), polygon \(p + 1), ring \($0 + 1)", &stats) }
            })
        case .geometryCollection(let members):
            return .geometryCollection(try members.enumerated().map { try simplify($1, "\(name), geometry \($0 + 1)", &stats) })
        }
    }

    /// One line or ring simplified; a ring stays closed with at least 4 positions.
    func simplify(_ line: [GeoJSONPosition], ring: Bool, _ name: String, _ stats: inout Stats) throws -> [GeoJSONPosition] {
        if ring {
            guard line.count >= 4 else {
                throw GeoKernelError(.parse, "\(input): \(name): \(line.count) positions; a polygon ring needs at least 4")
            }
            guard line.first == line.last else {
                throw GeoKernelError(.parse, "\(input): \(name): not closed (its first and last positions differ)")
            }
        }
        var kernel = try LineKernel(line, planar: planar, name: "\(input): \(name)", radialPrePass: radialPrePass)
        var kept = try kernel.keptIndices(tolerance)
        if ring && kept.count < 4 {
            // Turf's rule: lower the tolerance by 1 % until the ring keeps 4 positions. A
            // ring that keeps fewer even at tolerance 0 is degenerate and kept as it is.
            let exact = try kernel.keptIndices(0)
            if exact.count < 4 {
                kept = Array(line.indices)
            } else {
                var t = tolerance
                for _ in 0..<5_000 where kept.count < 4 {
                    t *= 0.99
                    kept = try kernel.keptIndices(t)
                }
                if kept.count < 4 { kept = exact }
            }
        }
        stats.lines += 1
        stats.inputVertices += line.count
        stats.keptVertices += kept.count
        stats.maximumScaleFactor = max(stats.maximumScaleFactor, kernel.maximumScaleFactor)
        return kept.map { line[$0] }
    }

    /// Douglas–Peucker on one line: geodesic (metres, the line checked as longitude,
    /// latitude) or planar (the units of the coordinates).
    struct LineKernel {
        var x: [Double] = [], y: [Double] = []
        var coordinates: [Coordinate] = []
        var planar: Bool
        var radialPrePass: Bool
        var maximumScaleFactor = 1.0

        init(_ line: [GeoJSONPosition], planar: Bool, name: String, radialPrePass: Bool) throws {
            self.planar = planar
            self.radialPrePass = radialPrePass
            if planar {
                x = line.map(\.longitude)
                y = line.map(\.latitude)
            } else {
                do {
                    coordinates = try line.map { (p) throws(GeoKernelError) in try p.coordinate() }
                } catch {
                    throw GeoKernelError(
                        error.code, "\(name): \(error.message) (positions are longitude, latitude in degrees; "
                            + "for projected coordinates use --planar, with the tolerance in their units)")
                }
            }
        }

        mutating func keptIndices(_ tolerance: Double) throws -> [Int] {
            let options = DouglasPeucker.Options(radialPrePass: radialPrePass)
            if planar { return try DouglasPeucker.keptIndices(x: x, y: y, tolerance: tolerance, options: options) }
            let result = try DouglasPeucker.simplify(coordinates, toleranceMeters: tolerance, options: options)
            maximumScaleFactor = max(maximumScaleFactor, result.maximumScaleFactor)
            return result.keptIndices
        }
    }

    struct Line {
        var name: String
        var coordinates: [Coordinate]
        var properties: [String: JSONValue]
    }

    /// The lines of the GPX input file, in file order.
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
        return []
    }

    /// The GeoJSON input.
    func readGeoJSON() throws -> GeoJSONObject {
        let object: GeoJSONObject
        if input == "-" {
            let data = try StandardStreams.readInput()
            object = try decode { (planar: Bool) throws(GeoKernelError) in
                planar ? try GeoJSON.decodePlanar(data, source: "standard input")
                    : try GeoJSON.decode(data, source: "standard input")
            }
        } else {
            object = try decode { (planar: Bool) throws(GeoKernelError) in
                planar ? try GeoJSON.readPlanar(contentsOf: input) : try GeoJSON.read(contentsOf: input)
            }
        }
        return object
    }

    /// With --planar, positions are x, y in any unit; without, degrees, and a file that
    /// reads only as planar is refused with a hint to --planar.
    func decode(_ read: (Bool) throws(GeoKernelError) -> GeoJSONObject) throws(GeoKernelError) -> GeoJSONObject {
        if planar { return try read(true) }
        do {
            return try read(false)
        } catch {
            guard (try? read(true)) != nil else { throw error }
            throw GeoKernelError(
                error.code, "\(error.message) (positions are longitude, latitude in degrees; "
                    + "for projected coordinates use --planar, with the tolerance in their units)")
        }
    }
}
