import Foundation
import Testing
import _GeoKernelTestSupport

/// `geokernel generate country|tiles|grid`, run as the built tool.
@Suite("The command line: geokernel generate")
struct GenerateCommandLineTests {
    static let andorra = SharedData.path("osm/andorra.osm.pbf")

    @Test("generate country writes a PBF file that graph builds, the same file for the same seed")
    func countryBuildsAGraph() throws {
        let tmp = try TemporaryDirectory("gk-generate-cli")
        let a = tmp.file("a.osm.pbf"), b = tmp.file("b.osm.pbf")
        let first = try GeoKernelTool.run(["generate", "country", "--junctions", "3000", "--seed", "5", "--out", a])
        #expect(first.status == 0, "\(first.err)")
        #expect(first.err.contains("nodes and") && first.err.contains("to \(a)"))
        _ = try GeoKernelTool.run(["generate", "country", "--junctions", "3000", "--seed", "5", "--out", b])
        #expect(FileManager.default.contents(atPath: a) == FileManager.default.contents(atPath: b))
        let g = try GeoKernelTool.run(["graph", "--osm", a, "--out", tmp.file("a.gkroad"), "--format", "json"])
        #expect(g.status == 0, "\(g.err)")
        let json = try JSONSerialization.jsonObject(with: Data(g.out.utf8)) as? [String: Any]
        let nodes = json?["nodes"] as? Int ?? 0
        #expect(nodes >= 2_550 && nodes <= 3_450, "\(nodes) junctions for 3 000 asked")
    }

    @Test("generate grid --out - writes to standard output the bytes of the file")
    func gridToStandardOutput() throws {
        let tmp = try TemporaryDirectory("gk-generate-cli")
        let file = tmp.file("grid.osm.pbf")
        let toFile = try GeoKernelTool.run(["generate", "grid", "--rows", "12", "--columns", "9", "--out", file])
        let toOut = try GeoKernelTool.run(["generate", "grid", "--rows", "12", "--columns", "9", "--out", "-"])
        #expect(toFile.status == 0 && toOut.status == 0, "\(toFile.err)\(toOut.err)")
        #expect(toOut.outBytes == FileManager.default.contents(atPath: file))
        #expect(toOut.err.contains("to standard output"))
    }

    @Test("generate tiles copies an extract K × K times into one routable network")
    func tilesAreRoutable() throws {
        let tmp = try TemporaryDirectory("gk-generate-cli")
        let out = tmp.file("andorra2.osm.pbf")
        let t = try GeoKernelTool.run(["generate", "tiles", "--osm", Self.andorra, "--tiles", "2", "--out", out])
        #expect(t.status == 0, "\(t.err)")
        // From the first copy's Andorra la Vella to the north-east copy's: the extract spans
        // 1.0514° × 0.7886° (41.7369–42.7883° N, 1.0366–1.8253° E), plus 0.02° between copies.
        let r = try GeoKernelTool.run(["route", "--osm", out, "--pin", "42.5078,1.5211", "--pin", "43.5792,2.3297", "--format", "json"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("\"total_length_m\""))
    }

    @Test("Arguments out of range are refused with exit status 1 and a reason")
    func badArgumentsAreRefused() throws {
        let tmp = try TemporaryDirectory("gk-generate-cli")
        for args in [["country", "--junctions", "5"], ["grid", "--rows", "1", "--columns", "5"],
                     ["tiles", "--osm", Self.andorra, "--tiles", "0"], ["country", "--junctions", "500", "--compression", "0"]] {
            let r = try GeoKernelTool.run(["generate"] + args + ["--out", tmp.file("x.osm.pbf")])
            #expect(r.status == 1, "\(args): \(r.status) \(r.err)")
            #expect(r.err.contains("invalid argument"), "\(r.err)")
            #expect(!FileManager.default.fileExists(atPath: tmp.file("x.osm.pbf")))
        }
    }
}
