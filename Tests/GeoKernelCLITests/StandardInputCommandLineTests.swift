import Foundation
import Testing
import _GeoKernelTestSupport

/// `-` as an input file (issue 26, point 4: one rule for every command): timeline, fences
/// and policy read the trace from standard input, its format told from the content; route
/// reads pins, fences its fences, nearby its points as GeoJSON from standard input. The
/// result is the same as reading the file.
@Suite("The command line: - reads standard input")
struct StandardInputCommandLineTests {
    static var examples: String { SharedData.projectRoot + "/docs/examples" }
    static func bytes(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: "\(examples)/\(name)")) }

    /// The stay and move lines of a timeline report (the header names the input).
    static func diary(_ out: String) -> [Substring] {
        out.split(separator: "\n").filter { $0.hasPrefix("  stay") || $0.hasPrefix("  move") }
    }

    @Test("timeline - reads a CSV, GPX or GeoJSON trace from standard input and gives the file's diary")
    func timelineFromStandardInput() throws {
        try TemporaryDirectory.with("gk-stdin") { dir in
            let file = try GeoKernelTool.run(["timeline", "\(Self.examples)/day.csv", "--output", "\(dir)/a.geojson"])
            let piped = try GeoKernelTool.run(["timeline", "-", "--output", "\(dir)/b.geojson"], input: try Self.bytes("day.csv"))
            #expect(file.status == 0 && piped.status == 0, "\(piped.err)")
            #expect(piped.out.hasPrefix("standard input: 1572 fixes"))
            #expect(Self.diary(piped.out) == Self.diary(file.out) && !Self.diary(file.out).isEmpty)
            // GPX and GeoJSON on standard input: the diary written as GeoJSON, read back as a trace.
            let gpx = try GeoKernelTool.run(["timeline", "-", "--output", "\(dir)/c.geojson"], input: Data("""
                <?xml version="1.0"?><gpx version="1.1" creator="t"><trk><trkseg>
                <trkpt lat="47.0" lon="8.0"><time>2024-06-01T06:00:00Z</time></trkpt>
                <trkpt lat="47.0" lon="8.0"><time>2024-06-01T06:10:00Z</time></trkpt>
                </trkseg></trk></gpx>
                """.utf8))
            #expect(gpx.status == 0 && gpx.out.hasPrefix("standard input: 2 fixes"), "\(gpx.err)")
            let json = try GeoKernelTool.run(["timeline", "-", "--output", "\(dir)/d.geojson"], input: Data("""
                  {"type": "FeatureCollection", "features": [
                  {"type": "Feature", "geometry": {"type": "Point", "coordinates": [8, 47]}, "properties": {"time": "2024-06-01T06:00:00Z"}}]}
                """.utf8))
            #expect(json.status == 0 && json.out.hasPrefix("standard input: 1 fixes"), "\(json.err)")
        }
    }

    @Test("a trace on standard input that is not UTF-8 is refused, not rewritten")
    func notUTF8() throws {
        let r = try GeoKernelTool.run(["timeline", "-", "--output", "/dev/null"], input: Data([0x6C, 0x61, 0x74, 0xFF, 0x0A]))
        #expect(r.status != 0 && r.err.contains("standard input: not UTF-8 text"), "\(r.err)")
    }

    @Test("fences reads its trace or its fences from standard input, never both")
    func fencesFromStandardInput() throws {
        let file = try GeoKernelTool.run(["fences", "--fences", "\(Self.examples)/fences.geojson", "--trace", "\(Self.examples)/day.csv"])
        let trace = try GeoKernelTool.run(["fences", "--fences", "\(Self.examples)/fences.geojson", "--trace", "-"],
                                          input: try Self.bytes("day.csv"))
        let fences = try GeoKernelTool.run(["fences", "--fences", "-", "--trace", "\(Self.examples)/day.csv"],
                                           input: try Self.bytes("fences.geojson"))
        #expect(file.status == 0 && trace.status == 0 && fences.status == 0, "\(trace.err) \(fences.err)")
        #expect(trace.out == file.out && fences.out == file.out && file.out.contains("| enter | office |"))
        let both = try GeoKernelTool.run(["fences", "--fences", "-", "--trace", "-"], input: Data())
        #expect(both.status == 64 && both.err.contains("only one input can be - (standard input), not --fences and --trace"), "\(both.err)")
    }

    @Test("route --pins - and nearby - read GeoJSON from standard input")
    func pinsAndPointsFromStandardInput() throws {
        let town = "\(Self.examples)/town.osm"
        let file = try GeoKernelTool.run(["route", "--osm", town, "--pins", "\(Self.examples)/pins.geojson"])
        let piped = try GeoKernelTool.run(["route", "--osm", town, "--pins", "-"], input: try Self.bytes("pins.geojson"))
        #expect(file.status == 0 && piped.status == 0 && piped.out == file.out, "\(piped.err)")
        let near = try GeoKernelTool.run(["nearby", "-", "--lat", "45.0031", "--lon", "5.0044", "--k", "1"],
                                         input: try Self.bytes("pins.geojson"))
        #expect(near.status == 0 && near.out.contains("1 of 5 points"), "\(near.err)")
    }

    @Test("policy - replays a trace from standard input")
    func policyFromStandardInput() throws {
        let file = try GeoKernelTool.run(["policy", "\(Self.examples)/day.csv"])
        let piped = try GeoKernelTool.run(["policy", "-"], input: try Self.bytes("day.csv"))
        #expect(file.status == 0 && piped.status == 0, "\(piped.err)")
        let changes = { (out: String) in out.split(separator: "\n").filter { $0.contains("→") } }
        #expect(changes(piped.out) == changes(file.out) && !changes(file.out).isEmpty)
    }
    @Test("graph, places and route read an OpenStreetMap extract, a graph or an index from standard input, and write them to standard output")
    func binaryFilesThroughStandardStreams() throws {
        try TemporaryDirectory.with("gk-stdin-binary") { dir in
            let town = "\(Self.examples)/town.osm"
            // The graph: from the file to a file, and from standard input to standard output.
            let file = try GeoKernelTool.run(["graph", "--osm", town, "--out", "\(dir)/a.gkroad"])
            let piped = try GeoKernelTool.run(["graph", "--osm", "-", "--out", "-"], input: try Self.bytes("town.osm"))
            #expect(file.status == 0 && piped.status == 0, "\(piped.err)")
            let saved = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/a.gkroad"))
            #expect(piped.outBytes == saved && !saved.isEmpty)
            #expect(piped.err.contains("saved standard output (\(saved.count) bytes)"), "\(piped.err)")
            // Routing on the graph from standard input gives the file's route.
            let pins = "\(Self.examples)/pins.geojson"
            let routed = try GeoKernelTool.run(["route", "--graph", "\(dir)/a.gkroad", "--pins", pins])
            let routedPiped = try GeoKernelTool.run(["route", "--graph", "-", "--pins", pins], input: saved)
            #expect(routed.status == 0 && routedPiped.status == 0 && routedPiped.out == routed.out, "\(routedPiped.err)")
            // The address index: built from standard input, read back from standard input.
            let index = try GeoKernelTool.run(["places", "build", "-", "--out", "-"], input: try Self.bytes("town.osm"))
            let shipped = try Self.bytes("town.gkaddr")
            #expect(index.status == 0 && index.outBytes == shipped, "\(index.err)")
            let lookup = try GeoKernelTool.run(["places", "lookup", "--index", "-", "45.00310,5.00439"], input: index.outBytes)
            #expect(lookup.status == 0 && lookup.out.contains("Café de la Fontaine"), "\(lookup.err)")
            // A damaged input is named as the standard input, not as a temporary file.
            let bad = try GeoKernelTool.run(["route", "--graph", "-", "--pins", pins], input: Data("not a graph".utf8))
            #expect(bad.status == 1 && bad.err.contains("standard input") && !bad.err.contains("geokernel-"), "\(bad.err)")
            // Two inputs cannot both be standard input.
            let two = try GeoKernelTool.run(["route", "--osm", "-", "--pins", "-"], input: Data())
            #expect(two.status == 64 && two.err.contains("not --pins and --osm"), "\(two.err)")
            let lookupTwo = try GeoKernelTool.run(["places", "lookup", "--index", "-", "--gazetteer", "-", "45,5"], input: Data())
            #expect(lookupTwo.status == 64 && lookupTwo.err.contains("not --index and --gazetteer"), "\(lookupTwo.err)")
            let store = try GeoKernelTool.run(["landmarks", "search", "--db", "-", "--user", "u", "--lat", "0", "--lon", "0"])
            #expect(store.status == 64 && store.err.contains("--db -: a landmark store is a database"), "\(store.err)")
        }
    }

    @Test("policy reads its configuration from standard input and writes the survey record to standard output")
    func policyConfigurationAndSurveyThroughStandardStreams() throws {
        try TemporaryDirectory.with("gk-stdin-policy") { dir in
            let config = Data(#"{"FastSpeedKmh": 90}"#.utf8)
            try config.write(to: URL(fileURLWithPath: "\(dir)/c.json"))
            let day = "\(Self.examples)/day.csv"
            let file = try GeoKernelTool.run(["policy", day, "--config", "\(dir)/c.json", "--survey-csv", "\(dir)/s.csv"])
            let piped = try GeoKernelTool.run(["policy", day, "--config", "-", "--survey-csv", "-"], input: config)
            #expect(file.status == 0 && piped.status == 0, "\(piped.err)")
            let saved = try String(contentsOfFile: "\(dir)/s.csv", encoding: .utf8)
            #expect(piped.out == saved)
            #expect(piped.err.contains("configuration: ") && piped.err.contains("survey CSV: standard output"), "\(piped.err)")
            #expect(file.out.contains("\"FastSpeedKmh\":90") || file.out.contains("\"FastSpeedKmh\": 90"), "\(file.out)")
        }
    }
}
