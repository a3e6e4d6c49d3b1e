import Foundation
import GeoFormats
import GeoKernel
import Route
import Testing
import _GeoKernelTestSupport

/// `geokernel simplify`, `geokernel route` and the route part of `geokernel demo`, run as
/// the built tool (it sits beside the test binary in the build's products directory).
@Suite("The command line: geokernel simplify, route and demo")
struct RouteCommandLineTests {
    static func run(_ arguments: [String]) throws -> GeoKernelTool.Run {
        try GeoKernelTool.run(arguments)
    }

    @Test("simplify: a GeoJSON LineString in, the kernel's simplified line out as GeoJSON")
    func simplifyGeoJSON() throws {
        let file = "lines/urschrei-rdp/route1.geojson"
        let r = try Self.run(["simplify", SharedData.path(file), "--tolerance", "10"])
        #expect(r.status == 0, "\(r.err)")
        let features = try GeoJSON.decode(r.out).features
        #expect(features.count == 1)
        let line = try SimplifyTestLine.coordinates(SharedData.path(file))
        let expected = try DouglasPeucker.simplify(line, toleranceMeters: 10)
        #expect(features.first?.geometry == .lineString(expected.coordinates.map { GeoJSONPosition($0) }))
        #expect(features.first?.properties["keptVertices"] == .number(Double(expected.keptIndices.count)))
        #expect(features.first?.properties["inputVertices"] == .number(832))
        #expect(r.err.contains("832 → \(expected.keptIndices.count) points"))
    }

    @Test("simplify: a GPX track in, one simplified LineString per segment")
    func simplifyGPX() throws {
        let path = SharedData.path("traces/gpxpy/korita-zbevnica.gpx")
        let tmp = try TemporaryDirectory("gk-route-cli")
        let out = tmp.file("korita-zbevnica.geojson")
        let r = try Self.run(["simplify", path, "--tolerance", "25", "--output", out])
        #expect(r.status == 0, "\(r.err)")
        let features = try GeoJSON.read(contentsOf: out).features
        let segments = try GPX.read(contentsOf: path).tracks.flatMap(\.segments).filter { !$0.isEmpty }
        #expect(features.count == segments.count && !features.isEmpty)
        for (f, segment) in zip(features, segments) {
            let expected = try DouglasPeucker.simplify(segment.map(\.coordinate), toleranceMeters: 25)
            #expect(f.geometry == .lineString(expected.coordinates.map { GeoJSONPosition($0) }))
        }
    }

    @Test("simplify: bad input is a clear error, not a crash")
    func simplifyErrors() throws {
        let r = try Self.run(["simplify", SharedData.path("lines/urschrei-rdp/route1.geojson"), "--tolerance", "-3"])
        #expect(r.status != 0 && r.err.contains("tolerance -3.0 m"), "\(r.err)")
        let missing = try Self.run(["simplify", "/nonexistent.geojson", "--tolerance", "3"])
        #expect(missing.status != 0 && missing.err.contains("nonexistent"), "\(missing.err)")
    }

    @Test("route: legs, times and cumulative directions for pins given as LAT,LON")
    func routeText() throws {
        let r = try Self.run([
            "route", "--pin", "37.7955,-122.3937", "--pin", "37.8053,-122.2727", "--pin", "-33.86,151.21",
            "--speed", "60",
        ])
        #expect(r.status == 0, "\(r.err)")
        var plan = try RoutePlan()
        try plan.addPin(latitude: 37.7955, longitude: -122.3937)
        try plan.addPin(latitude: 37.8053, longitude: -122.2727)
        try plan.addPin(latitude: -33.86, longitude: 151.21)
        for line in plan.directions { #expect(r.out.contains(line), "missing: \(line)") }
        #expect(r.out.contains("A → B") && r.out.contains("\(plan.legs[1].travelTime)"))
    }

    @Test("route: pins from a GPX file's waypoints")
    func routeFromFile() throws {
        let path = SharedData.path("traces/gpxpy/cerknicko-jezero.gpx")
        let waypoints = try GPX.read(contentsOf: path).waypoints
        #expect(waypoints.count == 7)
        let r = try Self.run(["route", "--pins", path, "--max-pins", "10"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("Directions from F to G") && !r.out.contains("Directions from G to H"))
    }

    @Test("route: one pin too many is an error; polyline and GeoJSON output")
    func routeFormats() throws {
        let pins = (0..<6).flatMap { ["--pin", "47.\($0),8.5"] }
        let tooMany = try Self.run(["route"] + pins)
        #expect(tooMany.status != 0 && tooMany.err.contains("at most 5 pins (A–E)"), "\(tooMany.err)")
        // With legs of one segment each, the geometry is the pins: Google's example.
        let polyline = try Self.run([
            "route", "--pin", "38.5,-120.2", "--pin", "40.7,-120.95", "--pin", "43.252,-126.453",
            "--spacing", "1e7", "--format", "polyline",
        ])
        #expect(polyline.out.trimmingCharacters(in: .whitespacesAndNewlines) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        let geojson = try Self.run(["route", "--pin", "47.37,8.54", "--pin", "46.95,7.44", "--format", "geojson"])
        #expect(try GeoJSON.decode(geojson.out).features.count == 3)
    }

    @Test("demo: a route of four pins with legs, times and directions")
    func demo() throws {
        let r = try Self.run(["demo"])
        #expect(r.status == 0, "\(r.err)")
        for text in ["four pins", "pin D", "Directions from C to D", "Estimated time: 0d 0h 45m", "a fifth pin is a clear error"] {
            #expect(r.out.contains(text), "the demo lacks '\(text)'")
        }
    }
}

/// Reads the coordinates of a GeoJSON LineString file the way the tool does.
enum SimplifyTestLine {
    static func coordinates(_ path: String) throws -> [Coordinate] {
        guard case .lineString(let positions)? = try GeoJSON.read(contentsOf: path).features.first?.geometry else {
            throw GeoKernelError(.parse, "\(path): no LineString")
        }
        return try positions.map { (p) throws(GeoKernelError) in try p.coordinate() }
    }
}
