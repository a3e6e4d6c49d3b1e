import Foundation
import Testing
import _GeoKernelTestSupport

/// `geokernel places build|lookup` and `geokernel timeline --places --visits` on the Monaco
/// extract, run as the built tool.
@Suite("The command line: geokernel places and timeline --places")
struct PlacesCommandLineTests {
    static let monaco = SharedData.path("osm/monaco.osm.pbf")

    @Test("places build saves an index that places lookup reads to name places, streets and towns")
    func buildThenLookup() throws {
        let tmp = try TemporaryDirectory("gk-places-cli")
        let index = tmp.file("monaco.gkaddr")
        let b = try GeoKernelTool.run(["places", "build", Self.monaco, "--out", index])
        #expect(b.status == 0, "\(b.err)")
        #expect(b.out.contains("13739 nodes, 1944 ways read") && b.out.contains("317 streets") && b.out.contains("saved \(index)"))
        let l = try GeoKernelTool.run([
            "places", "lookup", "--index", index, "--gazetteer", SharedData.path("gazetteer/cities1000.csv"),
            "43.7433120,7.4278510", "43.7396,7.4275", "43.7500,7.5000",
        ])
        #expect(l.status == 0, "\(l.err)")
        let lines = l.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasSuffix("place\t0.0 m\tWine O Clock, 3 Avenue saint laurent"))
        #expect(lines[1].contains("\tstreet\t") && lines[1].hasSuffix("Place du Casino"))
        #expect(lines[2].contains("\ttown\t"))
    }

    @Test("places lookup without an index or with a damaged one fails with a clear message")
    func badIndex() throws {
        let none = try GeoKernelTool.run(["places", "lookup", "43.7,7.4"])
        #expect(none.status != 0 && none.err.contains("--index FILE"))
        let bad = try GeoKernelTool.run(["places", "lookup", "--index", Self.monaco, "43.7,7.4"])
        #expect(bad.status != 0 && bad.err.contains("not a valid GeoKernel address index file"))
        let radius = try GeoKernelTool.run(["places", "lookup", "--osm", Self.monaco, "--street-m", "-5", "43.7,7.4"])
        #expect(radius.status != 0 && radius.err.contains("--street-m -5.0"))
    }

    @Test("timeline --places names stays by address and --visits counts the return to a place")
    func timelinePlacesAndVisits() throws {
        let tmp = try TemporaryDirectory("gk-places-cli")
        let index = tmp.file("monaco-tl.gkaddr"), trace = tmp.file("monaco-day.csv")
        #expect(try GeoKernelTool.run(["places", "build", Self.monaco, "--out", index]).status == 0)
        // Wine O Clock for 20 min, Palais de Justice for 20 min, Wine O Clock again: one fix a minute.
        var csv = "lat,lon,time\n"
        var t = 1_704_708_000  // 2024-01-08 10:00 UTC
        for (lat, lon) in [(43.7433120, 7.4278510), (43.7302119, 7.4222290), (43.7433120, 7.4278510)] {
            for _ in 0..<21 {
                csv += "\(lat),\(lon),\(t)\n"
                t += 60
            }
        }
        try csv.write(toFile: trace, atomically: true, encoding: .utf8)
        let r = try GeoKernelTool.run(["timeline", trace, "--places", index, "--visits", "100", "--preset", "trackintel", "--include-open"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("Wine O Clock, 3 Avenue saint laurent"))
        #expect(r.out.contains("Palais de Justice, 5 Rue Colonel Bellando de Castro"))
        // Monday 10:00-11:02 UTC: the most weekday daytime, so Wine O Clock is labelled Work.
        #expect(r.out.contains("Work (Wine O Clock, 3 Avenue saint laurent): 2 visits, 41 min in all"), "\(r.out)")
        #expect(r.out.contains("Palais de Justice, 5 Rue Colonel Bellando de Castro: 1 visit,"))
    }
}
