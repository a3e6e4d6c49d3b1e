import Foundation
import GeoFormats
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// `geokernel fences`, run as a process: the tool next to the test binary (SwiftPM builds
/// every product with the tests).
@Suite("Geofence command line")
struct GeofenceCommandLineTests {
    /// Runs the tool; returns (exit status, stdout, stderr).
    static func run(_ arguments: [String]) throws -> (Int32, String, String) {
        let r = try GeoKernelTool.run(arguments)
        return (r.status, r.out, r.err)
    }

    /// The 36 stops of the 304 bus as a GeoJSON file of 50 m fences, in a temporary folder.
    let scratch: TemporaryDirectory
    init() throws { scratch = try TemporaryDirectory("geofence-cli") }

    func stopsFile() throws -> String {
        let stops = try SharedData.csv("traces/movingpandas/stops_304_to_ul.csv")
        let features = stops.map { s in
            GeoJSONFeature(
                id: .string(s["stop_no"]!),
                geometry: .point(GeoJSONPosition(longitude: Double(s["lon"]!)!, latitude: Double(s["lat"]!)!)),
                properties: ["name": .string(s["stop_name"]!), "radius": 50])
        }
        let path = scratch.file("stops-\(UUID().uuidString).geojson")
        try GeoJSON.encode(.featureCollection(features)).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("geokernel fences prints the bus ride's events as JSON lines and as a table")
    func busRide() throws {
        guard GeoKernelTool.url != nil else {
            Issue.record("the geokernel tool is not built next to the tests")
            return
        }
        let fences = try stopsFile()
        defer { try? FileManager.default.removeItem(atPath: fences) }
        let trace = SharedData.path("traces/movingpandas/304_to_UL_2019-02-18_0745.gpx")

        let (status, out, err) = try Self.run(["fences", "--fences", fences, "--trace", trace, "--format", "jsonl"])
        #expect(status == 0, "\(err)")
        let lines = out.split(separator: "\n")
        #expect(lines.count == 71)  // 36 enters, 35 exits (the ride ends at its last stop)
        #expect(lines.first == #"{"time":"2019-02-18T07:45:50Z","t":1550475950,"event":"enter","fence":"607461"}"#)
        #expect(lines.filter { $0.contains(#""event":"enter""#) }.count == 36)
        #expect(lines.last?.contains(#""fence":"607631""#) == true)  // UL Student Centre

        let (tableStatus, table, _) = try Self.run(["fences", "--fences", fences, "--trace", trace, "--exit-fixes", "3"])
        #expect(tableStatus == 0)
        #expect(table.hasPrefix("| time (UTC) | event | fence |\n|---|---|---|\n| 2019-02-18T07:45:50Z | enter | 607461 |"))
        #expect(table.contains("71 events from 2144 fixes (0 ignored for accuracy) and 36 fences; inside at the end: 607631"))
    }

    @Test("geokernel fences refuses a fence that is not a Point, and bad rules, with a clear message")
    func badInput() throws {
        guard GeoKernelTool.url != nil else {
            Issue.record("the geokernel tool is not built next to the tests")
            return
        }
        let path = scratch.file("bad.geojson")
        try #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]},"properties":{}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let trace = SharedData.path("traces/movingpandas/304_to_UL_2019-02-18_0745.gpx")
        let (status, _, err) = try Self.run(["fences", "--fences", path, "--trace", trace])
        #expect(status != 0)
        #expect(err.contains("features[0]: a fence must be a Point, Polygon or MultiPolygon (got LineString)"), "\(err)")
        let stops = try stopsFile()
        defer { try? FileManager.default.removeItem(atPath: stops) }
        let (status2, _, err2) = try Self.run(["fences", "--fences", stops, "--trace", trace, "--exit-fixes", "0"])
        #expect(status2 != 0 && err2.contains("exit confirmation fixes 0"), "\(err2)")
    }

    @Test("geokernel fences reads Polygon and MultiPolygon features: the drive through the sample town's districts enters four of them, and a MultiPolygon fence made of two districts once")
    func polygonFences() throws {
        guard GeoKernelTool.url != nil else {
            Issue.record("the geokernel tool is not built next to the tests")
            return
        }
        let root = URL(fileURLWithPath: SharedData.projectRoot)
        let districts = root.appendingPathComponent("docs/examples/districts.geojson").path
        let drive = root.appendingPathComponent("docs/examples/drive.csv").path
        let (status, out, err) = try Self.run(["fences", "--fences", districts, "--trace", drive, "--format", "jsonl"])
        #expect(status == 0, "\(err)")
        let enters = out.split(separator: "\n").filter { $0.contains(#""event":"enter""#) }
        #expect(enters.count == 4, "\(out)")
        #expect(enters.first?.contains(#""fence":"Les Lilas""#) == true)

        // "Centre": La Fontaine and Pasteur as one MultiPolygon fence.
        let text = try String(contentsOfFile: districts, encoding: .utf8)
        guard case .featureCollection(let features) = try GeoJSON.decode(text) else {
            Issue.record("districts.geojson is not a FeatureCollection")
            return
        }
        var parts: [[[GeoJSONPosition]]] = []
        for f in features where f.id == .string("La Fontaine") || f.id == .string("Pasteur") {
            if case .polygon(let rings)? = f.geometry { parts.append(rings) }
        }
        #expect(parts.count == 2)
        let path = scratch.file("centre-\(UUID().uuidString).geojson")
        try GeoJSON.encode(.featureCollection([GeoJSONFeature(id: .string("Centre"), geometry: .multiPolygon(parts), properties: [:])]))
            .write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status2, table, err2) = try Self.run(["fences", "--fences", path, "--trace", drive, "--dwell", "inf"])
        #expect(status2 == 0, "\(err2)")
        #expect(table.contains("| enter | Centre |") && table.contains("| exit | Centre |"), "\(table)")
        #expect(table.contains("2 events from 27 fixes"), "\(table)")
    }
}
