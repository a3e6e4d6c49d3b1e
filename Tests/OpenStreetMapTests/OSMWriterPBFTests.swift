import Foundation
import GeoKernel
import OpenStreetMap
import OpenStreetMapWriter
import Testing
import _GeoKernelTestSupport

@Suite("OSMPBFWriter")
struct OSMWriterPBFTests {
    typealias F = OSMReaderFixture

    /// Seeded elements of every kind: nodes anywhere (the corners of the coordinate range
    /// included), negative and huge ids, tags with empty and non-ASCII text, ways of 0 to
    /// 300 references, relations with members of every kind; kinds interleaved, and more
    /// nodes than one block holds.
    static func elements(seed: UInt64, nodes: Int) -> [OSMElement] {
        var rng = SplitMix64(seed: seed)
        let words = ["", "highway", "primary", "name", "Carrer de la Unió", "東京", "a=b", "oneway", "-1", "Ω≈ç√"]
        func tags() -> OSMTags {
            OSMTags((0..<Int.random(in: 0...4, using: &rng)).map { _ in
                (key: words.randomElement(using: &rng)!, value: words.randomElement(using: &rng)!)
            })
        }
        func id() -> Int64 {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: return Int64.random(in: Int64.min...Int64.max, using: &rng)
            case 1: return -Int64.random(in: 1...1_000_000, using: &rng)
            default: return Int64.random(in: 1...20_000_000_000, using: &rng)
            }
        }
        var out: [OSMElement] = []
        let corners: [(Double, Double)] = [(90, 180), (-90, -180), (0, 0), (-0.0, 179.99999995), (45.123456789, -0.00000004)]
        for (lat, lon) in corners { out.append(.node(OSMNode(id: id(), latitude: lat, longitude: lon, tags: tags()))) }
        for _ in 0..<nodes {
            out.append(.node(OSMNode(
                id: id(), latitude: Double.random(in: -90...90, using: &rng),
                longitude: Double.random(in: -180...180, using: &rng), tags: tags())))
        }
        for _ in 0..<500 {
            out.append(.way(OSMWay(id: id(), nodeIDs: (0..<Int.random(in: 0...300, using: &rng)).map { _ in id() }, tags: tags())))
        }
        for _ in 0..<50 {
            let members = (0..<Int.random(in: 0...20, using: &rng)).map { _ in
                OSMRelation.Member(
                    kind: [.node, .way, .relation].randomElement(using: &rng)!, ref: id(),
                    role: words.randomElement(using: &rng)!)
            }
            out.append(.relation(OSMRelation(id: id(), members: members, tags: tags())))
        }
        // Kinds interleaved: a few nodes after the relations, then a way.
        out.append(.node(OSMNode(id: 1, latitude: 1, longitude: 2)))
        out.append(.way(OSMWay(id: 1, nodeIDs: [1, 1, 1])))
        return out
    }

    /// What a reader gives back for `elements` written as PBF.
    static func stored(_ elements: [OSMElement]) -> [OSMElement] {
        elements.map { e in
            guard case .node(var n) = e else { return e }
            n.latitude = OSMPBFWriter.storedDegrees(n.latitude)
            n.longitude = OSMPBFWriter.storedDegrees(n.longitude)
            return .node(n)
        }
    }

    /// The blobs of a PBF file: (type, number of elements in its group) read from the
    /// file's framing, for checks on how the writer cut blocks.
    static func blobTypes(_ bytes: [UInt8]) -> [String] {
        var types: [String] = []
        var at = 0
        while at + 4 <= bytes.count {
            let n = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            // BlobHeader: field 1 (type, a short string) comes first, then field 3 (datasize).
            let header = Array(bytes[(at + 4)..<(at + 4 + n)])
            let typeLength = Int(header[1])
            types.append(String(decoding: header[2..<(2 + typeLength)], as: UTF8.self))
            var r = 2 + typeLength + 1, size = 0, shift = 0
            while true {
                let b = Int(header[r])
                size |= (b & 0x7F) << shift
                shift += 7
                r += 1
                if b < 0x80 { break }
            }
            at += 4 + n + size
        }
        #expect(at == bytes.count, "the blobs' framing covers the file exactly")
        return types
    }

    @Test("Elements written as PBF read back equal, coordinates to the nearest 1e-7 degree")
    func elementsReadBackEqual() throws {
        for seed: UInt64 in [1, 2, 3] {
            let elements = Self.elements(seed: seed, nodes: 20_000)
            let bytes = try OSMPBFWriter.encode(elements)
            let back = try F.elements(bytes: bytes, format: .pbf)
            #expect(back.count == elements.count)
            #expect(back == Self.stored(elements), "seed \(seed)")
            // Every coordinate moved by at most half a unit of 1e-7 degree.
            for case (.node(let a), .node(let b)) in zip(elements, back) {
                #expect(abs(a.latitude - b.latitude) <= 0.5e-7 + 1e-12)
                #expect(abs(a.longitude - b.longitude) <= 0.5e-7 + 1e-12)
            }
        }
    }

    @Test("A real extract read, written and read again gives the same elements")
    func realExtractRoundTrips() throws {
        let elements = try F.elements(F.monacoPBF)
        let back = try F.elements(bytes: try OSMPBFWriter.encode(elements), format: .pbf)
        // Monaco's PBF already stores 1e-7 degree units: nothing moves at all.
        #expect(back == elements)
    }

    @Test("Blocks hold at most 8 000 elements and one kind, after one OSMHeader")
    func blocksAreCutByCountAndKind() throws {
        let nodes = (0..<20_001).map { OSMElement.node(OSMNode(id: Int64($0), latitude: 1, longitude: 1)) }
        let ways = (0..<3).map { OSMElement.way(OSMWay(id: Int64($0), nodeIDs: [1, 2])) }
        let bytes = try OSMPBFWriter.encode(nodes + ways + [nodes[0]])
        // 20 001 nodes: 8 000 + 8 000 + 4 001; then the ways; then the lone node.
        #expect(Self.blobTypes(bytes) == ["OSMHeader"] + Array(repeating: "OSMData", count: 5))
        var kinds: [String] = []
        try OSMFile.read(bytes: bytes, format: .pbf) { e in
            switch e {
            case .node: kinds.append("n")
            case .way: kinds.append("w")
            case .relation: kinds.append("r")
            }
        }
        #expect(kinds == Array(repeating: "n", count: 20_001) + ["w", "w", "w", "n"])
    }

    @Test("No elements make a file of the header alone, which reads as empty")
    func emptyFileHasOnlyTheHeader() throws {
        let bytes = try OSMPBFWriter.encode([])
        #expect(Self.blobTypes(bytes) == ["OSMHeader"])
        #expect(try F.elements(bytes: bytes, format: .pbf).isEmpty)
    }

    @Test("A file written to a path holds the bytes encode gives and reads back")
    func fileEqualsEncodedBytes() throws {
        let tmp = try TemporaryDirectory("gk-pbf-writer")
        let path = tmp.file("out.osm.pbf")
        let elements = Self.elements(seed: 9, nodes: 9_000)
        try OSMPBFWriter.write(to: path, compressionLevel: 1) { (w) throws(GeoKernelError) in
            for e in elements { try w.add(e) }
        }
        #expect(try F.bytes(path) == (try OSMPBFWriter.encode(elements, compressionLevel: 1)))
        #expect(try OSMFileFormat.detect(path: path) == .pbf)
        #expect(try F.elements(path) == Self.stored(elements))
    }

    @Test("A node outside the coordinate range is refused, naming it, and the file is not written")
    func badCoordinatesAreRefused() throws {
        let tmp = try TemporaryDirectory("gk-pbf-writer")
        let path = tmp.file("bad.osm.pbf")
        for (lat, lon) in [(Double.nan, 0.0), (0, .infinity), (90.0000001, 0), (0, -180.5)] {
            let error = #expect(throws: GeoKernelError.self) {
                try OSMPBFWriter.write(to: path) { (w) throws(GeoKernelError) in
                    try w.add(OSMNode(id: 1, latitude: 1, longitude: 1))
                    try w.add(OSMNode(id: 77, latitude: lat, longitude: lon))
                }
            }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.contains("node 77") == true)
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).isEmpty, "no temporary file is left")
        }
    }

    @Test("An element too large for one block and a bad compression level are refused")
    func oversizedElementsAndLevelsAreRefused() throws {
        let huge = String(repeating: "x", count: 17 << 20)
        let error = #expect(throws: GeoKernelError.self) {
            _ = try OSMPBFWriter.encode([.way(OSMWay(id: 5, nodeIDs: [1], tags: ["note": huge]))])
        }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("way 5") == true)
        let refs = #expect(throws: GeoKernelError.self) {
            _ = try OSMPBFWriter.encode([.way(OSMWay(id: 6, nodeIDs: Array(repeating: 1, count: 2_000_000)))])
        }
        #expect(refs?.message.contains("way 6") == true)
        for level in [0, 10, -1] {
            #expect(throws: GeoKernelError.self) { _ = try OSMPBFWriter.encode([], compressionLevel: level) }
        }
    }

    @Test("An error thrown by the caller stops the write and leaves no file")
    func callerErrorsLeaveNoFile() throws {
        let tmp = try TemporaryDirectory("gk-pbf-writer")
        let path = tmp.file("stopped.osm.pbf")
        let error = #expect(throws: GeoKernelError.self) {
            try OSMPBFWriter.write(to: path) { (w) throws(GeoKernelError) in
                for i in 0..<10_000 { try w.add(OSMNode(id: Int64(i), latitude: 0, longitude: 0)) }
                throw GeoKernelError(.permission, "stop")
            }
        }
        #expect(error?.code == .permission)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).isEmpty)
    }
}
