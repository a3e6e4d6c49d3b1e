import GeoKernel
import OpenStreetMap
import Testing

/// A minimal protobuf writer, to hand-build PBF files the real extracts do not cover
/// (plain Node messages, raw blobs, non-default granularity and offsets, damage).
struct ProtobufWriter {
    var bytes: [UInt8] = []

    mutating func varint(_ v: UInt64) {
        var v = v
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }
    mutating func key(_ field: Int, _ wire: Int) { varint(UInt64(field << 3 | wire)) }
    mutating func uint(_ field: Int, _ v: UInt64) { key(field, 0); varint(v) }
    mutating func sint(_ field: Int, _ v: Int64) { uint(field, UInt64(bitPattern: (v << 1) ^ (v >> 63))) }
    mutating func bytes(_ field: Int, _ b: [UInt8]) { key(field, 2); varint(UInt64(b.count)); bytes += b }
    mutating func string(_ field: Int, _ s: String) { bytes(field, Array(s.utf8)) }
    mutating func packed(_ field: Int, _ values: [UInt64]) {
        var p = ProtobufWriter()
        for v in values { p.varint(v) }
        bytes(field, p.bytes)
    }
    mutating func packedSigned(_ field: Int, _ values: [Int64]) {
        packed(field, values.map { UInt64(bitPattern: ($0 << 1) ^ ($0 >> 63)) })
    }
    static func message(_ build: (inout ProtobufWriter) -> Void) -> [UInt8] {
        var w = ProtobufWriter()
        build(&w)
        return w.bytes
    }

    /// A PBF file of raw (uncompressed) blobs.
    static func file(_ blobs: [(type: String, payload: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = []
        for (type, payload) in blobs {
            let blob = message { $0.bytes(1, payload); $0.uint(2, UInt64(payload.count)) }
            let header = message { $0.string(1, type); $0.uint(3, UInt64(blob.count)) }
            out += [0, 0, UInt8(header.count >> 8), UInt8(header.count & 0xFF)] + header + blob
        }
        return out
    }

    static let header = message { $0.string(4, "OsmSchema-V0.6"); $0.string(4, "DenseNodes") }
}

@Suite("OSMReader on hand-built PBF")
struct OSMReaderPBFTests {
    typealias W = ProtobufWriter
    typealias F = OSMReaderFixture

    static let strings = ["", "highway", "residential", "name", "Rue", "outer", "amenity", "bench"]

    /// A PrimitiveBlock with granularity 1000 and lat_offset 500 (written after the groups,
    /// as encoders do), holding one group of each kind.
    static func block(node: [UInt8]? = nil, dense: [UInt8]? = nil, way: [UInt8]? = nil) -> [UInt8] {
        W.message { b in
            b.bytes(1, W.message { t in for s in strings { t.string(1, s) } })
            b.bytes(2, W.message { $0.bytes(1, node ?? W.message { n in
                n.sint(1, 7)
                n.packed(2, [6])
                n.packed(3, [7])
                n.key(5, 5); n.bytes += [1, 2, 3, 4]  // unknown fixed32 field
                n.key(6, 1); n.bytes += [1, 2, 3, 4, 5, 6, 7, 8]  // unknown fixed64 field
                n.sint(8, 43_737_012)
                n.sint(9, -7_422_028)
            }) })
            b.bytes(2, W.message { $0.bytes(2, dense ?? W.message { d in
                d.packedSigned(1, [10, 1])
                d.packedSigned(8, [1_000, -2_000])
                d.packedSigned(9, [2_000, 1])
                d.packed(10, [1, 2, 0, 0])
            }) })
            b.bytes(2, W.message { $0.bytes(3, way ?? W.message { w in
                w.uint(1, 20)
                w.packed(2, [1, 3])
                w.packed(3, [2, 4])
                w.packedSigned(8, [10, 1, -4])
            }) })
            b.bytes(2, W.message { $0.bytes(4, W.message { r in
                r.uint(1, 30)
                r.packed(8, [5, 0])
                r.packedSigned(9, [20, -10])
                r.packed(10, [1, 0])
            }) })
            b.bytes(2, W.message { $0.bytes(5, W.message { $0.uint(1, 99) }) })  // changeset: ignored
            b.uint(17, 1000)
            b.uint(19, 500)
        }
    }

    static func read(_ block: [UInt8]) throws(GeoKernelError) -> [OSMElement] {
        try F.elements(bytes: W.file([("OSMHeader", W.header), ("OSMData", block)]), format: .pbf)
    }

    @Test("Plain nodes, dense nodes, ways and relations decode with granularity and offsets")
    func allKinds() throws {
        let elements = try Self.read(Self.block())
        // lat = (500 + 1000 * value) / 1e9 degrees.
        #expect(elements == [
            .node(OSMNode(id: 7, latitude: 43.737012500, longitude: -7.422028, tags: ["amenity": "bench"])),
            .node(OSMNode(id: 10, latitude: 0.0010005, longitude: 0.002, tags: ["highway": "residential"])),
            .node(OSMNode(id: 11, latitude: -0.0009995, longitude: 0.002001, tags: [:])),
            .way(OSMWay(id: 20, nodeIDs: [10, 11, 7], tags: ["highway": "residential", "name": "Rue"])),
            .relation(OSMRelation(id: 30, members: [
                .init(kind: .way, ref: 20, role: "outer"), .init(kind: .node, ref: 10, role: ""),
            ])),
        ])
    }

    @Test("Out-of-range string indices and mismatched counts are errors naming the blob")
    func damagedBlocks() {
        let badIndex = W.message { w in w.uint(1, 20); w.packed(2, [1]); w.packed(3, [99]) }
        let badCounts = W.message { w in w.uint(1, 20); w.packed(2, [1, 3]); w.packed(3, [2]) }
        let badDense = W.message { d in d.packedSigned(1, [1, 2]); d.packedSigned(8, [1]); d.packedSigned(9, [1, 2]) }
        let badLatitude = W.message { n in n.sint(1, 1); n.sint(8, 91_000_000); n.sint(9, 0) }
        let cases: [([UInt8], String)] = [
            (Self.block(way: badIndex), "string index 99"),
            (Self.block(way: badCounts), "2 tag keys but a different number of values"),
            (Self.block(dense: badDense), "different numbers of ids, lats and lons"),
            (Self.block(node: badLatitude), "node 1 has coordinates"),
        ]
        for (block, fragment) in cases {
            do throws(GeoKernelError) {
                _ = try Self.read(block)
                Issue.record("no error for \(fragment)")
            } catch {
                #expect(error.code == .corrupt)
                #expect(error.message.hasPrefix("blob 1 (OSMData) at byte offset "), "\(error.message)")
                #expect(error.message.contains(fragment), "\(error.message)")
            }
        }
    }

    @Test("Data before the header, and a file without one, are errors")
    func headerRequired() {
        let dataFirst = W.file([("OSMData", Self.block()), ("OSMHeader", W.header)])
        #expect(F.error(bytes: dataFirst, format: .pbf)?.message.contains("before the OSMHeader") == true)
        #expect(F.error(bytes: [], format: .pbf)?.message.contains("no OSMHeader") == true)
        // Unknown blob types are skipped.
        let extra = W.file([("OSMHeader", W.header), ("Sparkles", [1, 2, 3]), ("OSMData", Self.block())])
        #expect(F.error(bytes: extra, format: .pbf) == nil)
    }
}
