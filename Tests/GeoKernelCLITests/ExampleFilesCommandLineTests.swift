import Foundation
import Testing
import _GeoKernelTestSupport

/// `docs/examples/` (issue 26, point 2): the files the README and the guides use are what
/// `geokernel demo --write-examples` writes today, and they tell one coherent story when
/// the tool is run on them as the docs say.
@Suite("The command line: the example files of docs/examples")
struct ExampleFilesCommandLineTests {
    static let names = ["town.osm", "town.gkaddr", "pins.geojson", "day.csv", "fences.geojson", "places.csv", "drive.csv", "districts.geojson"]
    static var examples: String { SharedData.projectRoot + "/docs/examples" }

    @Test("docs/examples holds exactly what demo --write-examples writes, byte for byte")
    func committedFilesAreCurrent() throws {
        try TemporaryDirectory.with("gk-examples") { dir in
            let r = try GeoKernelTool.run(["demo", "--write-examples", dir])
            #expect(r.status == 0, "\(r.err)")
            let written = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
            #expect(written == Self.names.sorted())
            let committed = try FileManager.default.contentsOfDirectory(atPath: Self.examples)
                .filter { $0 != "README.md" }.sorted()
            #expect(committed == written, "docs/examples has other files than the tool writes")
            for name in Self.names {
                let fresh = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(name)"))
                let kept = try Data(contentsOf: URL(fileURLWithPath: "\(Self.examples)/\(name)"))
                #expect(fresh == kept, "regenerate docs/examples with geokernel demo --write-examples docs/examples (\(name))")
            }
        }
    }

    @Test("routing the five pins on the town gives four legs along its named streets")
    func pinsRouteOnTheTown() throws {
        let r = try GeoKernelTool.run(["route", "--osm", "\(Self.examples)/town.osm", "--pins", "\(Self.examples)/pins.geojson"])
        #expect(r.status == 0, "\(r.err)")
        for leg in ["A → B", "B → C", "C → D", "D → E"] { #expect(r.out.contains(leg), "\(leg)") }
        #expect(r.out.contains("Turn left onto Rue du Moulin") && r.out.contains("At the roundabout"))
    }

    @Test("the day's diary names home, café and office and ends in an open stay at home")
    func dayDiaryNamesThePlaces() throws {
        try TemporaryDirectory.with("gk-examples-day") { dir in
            let r = try GeoKernelTool.run([
                "timeline", "\(Self.examples)/day.csv", "--gazetteer", "\(Self.examples)/places.csv",
                "--output", "\(dir)/day.geojson",
            ])
            #expect(r.status == 0, "\(r.err)")
            let stays = r.out.split(separator: "\n").filter { $0.hasPrefix("  stay ") }
            #expect(stays.map { $0.split(separator: " ")[1] } == ["home", "café", "office", "home"])
            #expect(stays.last?.contains("(open)") == true)
        }
    }

    @Test("the day's fences are entered in order: home, café, office, home")
    func dayEntersTheFences() throws {
        let r = try GeoKernelTool.run([
            "fences", "--fences", "\(Self.examples)/fences.geojson", "--trace", "\(Self.examples)/day.csv", "--format", "jsonl",
        ])
        #expect(r.status == 0, "\(r.err)")
        let enters = r.out.split(separator: "\n").filter { $0.contains("\"enter\"") }
        let fences = enters.compactMap { line in ["home", "café", "office"].first { line.contains("\"\($0)\"") } }
        #expect(fences == ["home", "café", "office", "home"])
    }

    @Test("the town's address index names the café by the roundabout")
    func addressIndexNamesTheCafe() throws {
        let r = try GeoKernelTool.run(["places", "lookup", "--index", "\(Self.examples)/town.gkaddr", "45.00310,5.00439"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("Café de la Fontaine") && r.out.contains("Boulevard Central"))
    }
}
