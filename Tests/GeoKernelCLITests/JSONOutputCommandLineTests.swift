import Foundation
import Testing
import _GeoKernelTestSupport

/// `--format json` (issue 26, point 4: JSON on every command that prints figures): one JSON
/// document on standard output with the figures the text shows, at full precision.
@Suite("The command line: --format json")
struct JSONOutputCommandLineTests {
    static var examples: String { SharedData.projectRoot + "/docs/examples" }

    static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    @Test("places lookup --format json gives an object per coordinate, null kind when nothing is near")
    func placesLookup() throws {
        let r = try GeoKernelTool.run([
            "places", "lookup", "--index", "\(Self.examples)/town.gkaddr", "45.00310,5.00439", "45.00416,5.00095",
            "10,10", "--format", "JSON",
        ])
        #expect(r.status == 0, "\(r.err)")
        let rows = try #require(try Self.json(r.out) as? [[String: Any]])
        #expect(rows.count == 3)
        #expect(rows[0]["kind"] as? String == "place" && rows[0]["name"] as? String == "Café de la Fontaine")
        #expect(rows[0]["street"] as? String == "Boulevard Central" && rows[0]["house_number"] as? String == "2")
        #expect((rows[0]["distance_m"] as? Double).map { $0 > 0.2 && $0 < 0.4 } == true)
        #expect(rows[1]["kind"] as? String == "address" && rows[1]["text"] as? String == "2 Rue des Lilas")
        #expect(rows[2]["kind"] is NSNull && rows[2]["lat"] as? Double == 10)
    }

    @Test("graph --format json gives what was read, the graph and the saved file's size")
    func graph() throws {
        try TemporaryDirectory.with("gk-json-graph") { dir in
            let r = try GeoKernelTool.run([
                "graph", "--osm", "\(Self.examples)/town.osm", "--out", "\(dir)/town.gkroad", "--format", "json",
            ])
            #expect(r.status == 0, "\(r.err)")
            let o = try #require(try Self.json(r.out) as? [String: Any])
            let read = try #require(o["read"] as? [String: Any])
            #expect(read["nodes"] as? Int == 55 && read["nodes_kept"] as? Int == 46 && read["ways"] as? Int == 16)
            #expect((o["nodes"] as? Int ?? 0) > 0 && (o["edges"] as? Int ?? 0) > (o["nodes"] as? Int ?? 0))
            let size = try FileManager.default.attributesOfItem(atPath: "\(dir)/town.gkroad")[.size] as? Int
            #expect(o["saved_bytes"] as? Int == size && size ?? 0 > 0)
        }
    }

    @Test("policy --format json lists the same state changes as the text, with times, rules and accuracies")
    func policy() throws {
        let text = try GeoKernelTool.run(["policy", "\(Self.examples)/day.csv"])
        let r = try GeoKernelTool.run(["policy", "\(Self.examples)/day.csv", "--format", "json"])
        #expect(text.status == 0 && r.status == 0, "\(r.err)")
        let o = try #require(try Self.json(r.out) as? [String: Any])
        let changes = try #require(o["transitions"] as? [[String: Any]])
        let lines = text.out.split(separator: "\n").filter { $0.contains(" → ") }
        #expect(changes.count == lines.count && !changes.isEmpty)
        #expect(o["fixes"] as? Int == 1572)
        for (c, line) in zip(changes, lines) {
            let to = c["to"] as? String ?? "?"
            #expect(line.contains("\(c["from"] as? String ?? "?") → \(to) (\(c["rule"] as? String ?? "?"))"), "\(line)")
            #expect([10.0, 100, 1000, 3000].contains(c["accuracy_m"] as? Double ?? -1))
        }
    }
    @Test("route --format json gives pins on the road, legs whose minutes add up to the total, and each leg's steps")
    func route() throws {
        let args = ["route", "--osm", "\(Self.examples)/town.osm", "--pins", "\(Self.examples)/pins.geojson", "--language", "de"]
        let r = try GeoKernelTool.run(args + ["--format", "json"])
        let geo = try GeoKernelTool.run(args + ["--format", "geojson"])
        let text = try GeoKernelTool.run(args)
        #expect(r.status == 0 && geo.status == 0 && text.status == 0, "\(r.err)")
        let o = try #require(try Self.json(r.out) as? [String: Any])
        let pins = try #require(o["pins"] as? [[String: Any]])
        #expect(pins.map { $0["label"] as? String ?? "?" } == ["A", "B", "C", "D", "E"])
        for pin in pins {
            // Where it was placed and where its legs start: apart by the snap distance (< 200 m).
            let d = try #require(pin["road_distance_m"] as? Double)
            #expect(d >= 0 && d < 200 && (pin["snap"] as? String ?? "").contains("m"), "\(pin)")
            #expect(pin["road_lat"] is Double && pin["road_lon"] is Double)
        }
        let legs = try #require(o["legs"] as? [[String: Any]])
        let features = try #require((try Self.json(geo.out) as? [String: Any])?["features"] as? [[String: Any]])
        let geoLegs = features.compactMap { $0["properties"] as? [String: Any] }.filter { $0["kind"] as? String == "leg" }
        #expect(legs.count == 4 && geoLegs.count == 4)
        for (leg, g) in zip(legs, geoLegs) {
            #expect(leg["from"] as? String == g["from"] as? String && leg["to"] as? String == g["to"] as? String)
            #expect(leg["length_m"] as? Double == g["lengthMeters"] as? Double)
            #expect(leg["travel_time_s"] as? Double == g["travelTimeSeconds"] as? Double)
            #expect(leg["geometry"] as? String == "road")
            let steps = try #require(leg["steps"] as? [[String: Any]])
            #expect(steps.map { $0["instruction"] as? String ?? "" } == g["steps"] as? [String] ?? [])
            // The steps cover the leg: their lengths add up to it (to a centimetre).
            let sum = steps.reduce(0) { $0 + ($1["distance_m"] as? Double ?? 0) }
            #expect(abs(sum - (leg["length_m"] as? Double ?? 0)) < 0.01, "\(sum)")
        }
        let minutes = legs.map { $0["minutes"] as? Int ?? -1 }
        #expect(minutes.reduce(0, +) == o["total_minutes"] as? Int)
        let total = try #require(o["total_travel_time_s"] as? Double)
        #expect(o["total_minutes"] as? Int == Int((total / 60).rounded(.toNearestOrAwayFromZero)))
        #expect(abs((o["total_length_m"] as? Double ?? 0) - legs.reduce(0) { $0 + ($1["length_m"] as? Double ?? 0) }) < 1e-6)
        // The text shows the same minutes per leg.
        for (leg, m) in zip(legs, minutes) {
            let line = text.out.split(separator: "\n").first { $0.contains("\(leg["from"] as? String ?? "?") → \(leg["to"] as? String ?? "?")") }
            #expect(line?.hasSuffix("\(m)m") == true || line?.contains("\(m)m ") == true, "\(line ?? "none")")
        }
        let region = try #require(o["region"] as? [String: Any])
        #expect((region["lat_span_deg"] as? Double ?? 0) > 0 && (region["lon_span_deg"] as? Double ?? 0) > 0)
    }
}
