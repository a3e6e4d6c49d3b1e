import Foundation
import GeoFormats
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// `geokernel timeline --modes`: the legs printed under each move, in the GeoJSON and with
/// the roads of an OpenStreetMap file as evidence; thresholds from a file.
@Suite("The command line: geokernel timeline --modes")
struct TimelineModesCommandLineTests {
    static func scratch(_ body: (String) throws -> Void) throws { try TemporaryDirectory.with("gk-modes-cli", body) }

    @Test("the bus ride in Limerick: each move is a bus leg, printed and in the GeoJSON")
    func bus() throws {
        try Self.scratch { dir in
            let out = dir + "/bus.geojson"
            let r = try GeoKernelTool.run([
                "timeline", SharedData.path("traces/movingpandas/304_to_UL_2019-02-18_0745.gpx"), "--modes", "--output", out,
            ])
            #expect(r.status == 0, "\(r.err)")
            let legLines = r.out.split(separator: "\n").filter { $0.hasPrefix("    ") && $0.contains("stops/km") }
            #expect(!legLines.isEmpty && legLines.allSatisfy { $0.hasPrefix("    bus ") }, "\(r.out)")
            let doc = try GeoJSON.read(contentsOf: out)
            let legs = doc.features.filter { $0.properties["kind"] == "leg" }
            let moves = doc.features.filter { $0.properties["kind"] == "move" }
            #expect(legs.count == legLines.count && legs.allSatisfy { $0.properties["mode"] == "bus" })
            #expect(moves.allSatisfy { $0.properties["mode"] == "bus" })
        }
    }

    @Test("without --modes the GeoJSON has no legs and the moves no mode")
    func off() throws {
        try Self.scratch { dir in
            let out = dir + "/car.geojson"
            let r = try GeoKernelTool.run(["timeline", SharedData.path("traces/gpxpy/around-visnjan-with-car.gpx"), "--output", out])
            #expect(r.status == 0 && !r.out.contains("stops/km"))
            let doc = try GeoJSON.read(contentsOf: out)
            #expect(!doc.features.contains { $0.properties["kind"] == "leg" || $0.properties["mode"] != nil })
        }
    }

    @Test("with --osm the roads are evidence: the town drive lies on them")
    func roads() throws {
        let examples = URL(fileURLWithPath: SharedData.projectRoot).appendingPathComponent("docs/examples").path
        try Self.scratch { dir in
            let r = try GeoKernelTool.run([
                "timeline", examples + "/drive.csv", "--modes", "--osm", examples + "/town.osm", "--output", dir + "/d.geojson",
            ])
            #expect(r.status == 0, "\(r.err)")
            #expect(r.out.contains("speeds, stops, turns and the roads") && r.out.contains("% on roads"), "\(r.out)")
            let legs = try GeoJSON.read(contentsOf: dir + "/d.geojson").features.filter { $0.properties["kind"] == "leg" }
            #expect(!legs.isEmpty && legs.allSatisfy { $0.properties["roadShare"] != nil })
        }
    }

    @Test("--mode-thresholds reads a JSON file; an unknown key is refused by name")
    func thresholds() throws {
        try Self.scratch { dir in
            let trace = SharedData.path("traces/movingpandas/304_to_UL_2019-02-18_0745.gpx")
            try #"{"BusStopsPerKm": 6}"#.write(toFile: dir + "/strict.json", atomically: true, encoding: .utf8)
            let r = try GeoKernelTool.run([
                "timeline", trace, "--modes", "--mode-thresholds", dir + "/strict.json", "--output", dir + "/b.geojson",
            ])
            #expect(r.status == 0 && !r.out.contains("    bus "), "\(r.out)")
            try #"{"BusStops": 6}"#.write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
            let bad = try GeoKernelTool.run([
                "timeline", trace, "--modes", "--mode-thresholds", dir + "/bad.json", "--output", dir + "/b.geojson",
            ])
            #expect(bad.status != 0 && bad.err.contains("BusStops"), "\(bad.err)")
        }
    }
}
