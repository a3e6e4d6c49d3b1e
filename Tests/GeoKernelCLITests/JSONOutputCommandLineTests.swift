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
            #expect(read["nodes"] as? Int == 55 && read["ways"] as? Int == 16)
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
        #expect(o["fixes"] as? Int == 1558)
        for (c, line) in zip(changes, lines) {
            let to = c["to"] as? String ?? "?"
            #expect(line.contains("\(c["from"] as? String ?? "?") → \(to) (\(c["rule"] as? String ?? "?"))"), "\(line)")
            #expect([10.0, 100, 1000, 3000].contains(c["accuracy_m"] as? Double ?? -1))
        }
    }
}
