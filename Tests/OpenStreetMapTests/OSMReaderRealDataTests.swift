import Foundation
import GeoKernel
import OpenStreetMap
import Testing
import _GeoKernelTestSupport

@Suite("OSMReader on the Monaco and Andorra extracts")
struct OSMReaderRealDataTests {
    typealias F = OSMReaderFixture

    // Expected counts from `osmium fileinfo -e` on the same files.
    @Test("Monaco yields osmium's counts in PBF and in gzip-compressed XML", arguments: [F.monacoPBF, F.monacoGzip])
    func monacoCounts(path: String) throws {
        let c = F.counts(try F.elements(path))
        #expect(c.nodes == 13_739)
        #expect(c.ways == 1_944)
        #expect(c.relations == 77)
    }

    @Test("Andorra yields osmium's counts in PBF and in gzip-compressed XML", arguments: [F.andorraPBF, F.andorraGzip])
    func andorraCounts(path: String) throws {
        let c = F.counts(try F.elements(path))
        #expect(c.nodes == 69_385)
        #expect(c.ways == 2_722)
        #expect(c.relations == 74)
    }

    @Test("PBF and XML give the same elements in the same order", arguments: [
        (F.monacoPBF, F.monacoGzip), (F.andorraPBF, F.andorraGzip),
    ])
    func formatsAgree(pbf: String, gzip: String) throws {
        let a = try F.elements(pbf)
        let b = try F.elements(gzip)
        #expect(a.count == b.count)
        var mismatches = 0
        for (x, y) in zip(a, b) where F.rounded(x) != F.rounded(y) {
            mismatches += 1
            if mismatches <= 3 { Issue.record("PBF \(x) differs from XML \(y)") }
        }
        #expect(mismatches == 0)
    }

    @Test("a read asked for some kinds hands out exactly those elements, in file order",
          arguments: [F.monacoPBF, F.monacoGzip])
    func kindsFilter(path: String) throws {
        let all = try F.elements(path)
        for kinds: OSMElementKinds in [.nodes, .ways, .relations, [.ways, .relations], [.nodes, .relations], .all] {
            var some: [OSMElement] = []
            try OSMFile.read(path, kinds: kinds) { some.append($0) }
            let expected = all.filter { kinds.contains($0) }
            #expect(some == expected, "\(path), kinds \(kinds.rawValue): \(some.count) of \(expected.count)")
            #expect(!some.isEmpty)
        }
    }

    @Test("The format is detected from the first bytes")
    func detection() throws {
        #expect(try OSMFileFormat.detect(path: F.monacoPBF) == .pbf)
        #expect(try OSMFileFormat.detect(path: F.monacoGzip) == .xmlGzip)
        #expect(throws: GeoKernelError.self) { try OSMFileFormat.detect(path: "/nonexistent/x.osm") }
    }

    @Test("Plain XML files are detected, after a byte-order mark and blank lines, and read from disk")
    func plainXMLFile() throws {
        let tmp = try TemporaryDirectory("gk-osmreader")
        let xml = tmp.file("monaco.osm")
        let text = [0xEF, 0xBB, 0xBF] + Array("\n\n".utf8) + (try F.gunzip(F.monacoGzip))
        #expect(FileManager.default.createFile(atPath: xml, contents: Data(text)))
        #expect(try OSMFileFormat.detect(path: xml) == .xml)
        #expect(F.counts(try F.elements(xml)) == (13_739, 1_944, 77))
        let empty = tmp.file("empty.osm")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(throws: GeoKernelError.self) { try OSMFileFormat.detect(path: empty) }
    }

    // Values from `osmium cat monaco.osm.pbf -f opl`:
    //   n21911886 ... Tcrossing_ref=zebra,highway=crossing x7.4234985 y43.7372399
    //   w4097656 ... Thighway=primary,name=Avenue Princesse Alice
    //       Nn21912099,n21912097,n1079751630,n21912095,n21912093,n1110560507,n1079750744,
    //         n21912089,n1110560528,n21913657
    //   r7385 ... (10 tags, among them name:ru=Приморские Альпы) 163 members, first n1701090139@admin_centre,
    //       then w30836155@outer, ..., last w26689466@outer
    @Test(
        "Spot-checked Monaco elements match osmium's output in both formats",
        arguments: [F.monacoPBF, F.monacoGzip])
    func monacoSpotChecks(path: String) throws {
        var node: OSMNode?, way: OSMWay?, relation: OSMRelation?
        try OSMFile.read(path) { e in
            switch e {
            case .node(let n) where n.id == 21_911_886: node = n
            case .way(let w) where w.id == 4_097_656: way = w
            case .relation(let r) where r.id == 7385: relation = r
            default: break
            }
        }
        let n = try #require(node)
        expectClose(n.latitude, 43.7372399, tolerance: 1e-9, "latitude")
        expectClose(n.longitude, 7.4234985, tolerance: 1e-9, "longitude")
        #expect(n.tags == ["crossing_ref": "zebra", "highway": "crossing"])
        let w = try #require(way)
        #expect(w.nodeIDs == [
            21_912_099, 21_912_097, 1_079_751_630, 21_912_095, 21_912_093, 1_110_560_507, 1_079_750_744,
            21_912_089, 1_110_560_528, 21_913_657,
        ])
        #expect(w.tags == ["highway": "primary", "name": "Avenue Princesse Alice"])
        let r = try #require(relation)
        #expect(r.members.count == 163)
        #expect(r.members.first == OSMRelation.Member(kind: .node, ref: 1_701_090_139, role: "admin_centre"))
        #expect(r.members.last == OSMRelation.Member(kind: .way, ref: 26_689_466, role: "outer"))
        #expect(r.tags.count == 10)
        #expect(r.tags["name:ru"] == "Приморские Альпы")
    }

    // From `osmium cat andorra.osm.pbf -f opl`: the first node and the first way.
    //   n625022 ... T x1.5513077 y42.5128977
    //   w6165450 ... Thighway=primary,oneway=yes
    //       Nn51110488,n51110489,n51110491,n51110493,n51110495,n51110496,n51385320
    @Test("Andorra's first node and first way match osmium's output")
    func andorraSpotChecks() throws {
        var firstNode: OSMNode?, firstWay: OSMWay?
        try OSMFile.read(F.andorraPBF) { e in
            if case .node(let n) = e, firstNode == nil { firstNode = n }
            if case .way(let w) = e, firstWay == nil { firstWay = w }
        }
        let n = try #require(firstNode)
        #expect(n.id == 625_022)
        #expect(n.latitude == 42.5128977 && n.longitude == 1.5513077)
        #expect(n.tags.isEmpty)
        let w = try #require(firstWay)
        #expect(w.id == 6_165_450)
        #expect(w.nodeIDs == [51_110_488, 51_110_489, 51_110_491, 51_110_493, 51_110_495, 51_110_496, 51_385_320])
        #expect(w.tags == ["highway": "primary", "oneway": "yes"])
    }

    @Test("An error thrown by the visitor propagates unchanged", arguments: [F.monacoPBF, F.monacoGzip])
    func visitorErrorPropagates(path: String) {
        let stop = GeoKernelError(.capacity, "enough")
        var seen = 0
        #expect(throws: stop) {
            try OSMFile.read(path) { (_) throws(GeoKernelError) in
                seen += 1
                if seen == 100 { throw stop }
            }
        }
        #expect(seen == 100)
    }

    @Test("A missing file or a directory is an input/output error")
    func ioErrors() {
        for path in ["/nonexistent/monaco.osm.pbf", "/tmp"] {
            do throws(GeoKernelError) {
                try OSMFile.read(path, format: .pbf) { _ in }
                Issue.record("reading \(path) succeeded")
            } catch {
                #expect(error.code == .io)
            }
        }
    }

    @Test("A FIFO given as an OSM file is refused at once, with or without a format")
    func fifo() throws {
        let scratch = try TemporaryDirectory("gk-osm-fifo")
        let path = scratch.file("pipe.osm")
        #expect(mkfifo(path, 0o644) == 0)
        for format in [OSMFileFormat.xml, .pbf, nil] {
            do throws(GeoKernelError) {
                try OSMFile.read(path, format: format) { _ in }
                Issue.record("reading a FIFO succeeded")
            } catch {
                #expect(error.code == .io && error.message.contains("FIFO"), "\(error.message)")
            }
        }
    }
}
