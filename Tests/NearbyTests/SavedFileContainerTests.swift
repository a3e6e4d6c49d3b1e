import Foundation
import GeoKernel
import Nearby
import OpenStreetMap
import Testing
import _GeoKernelTestSupport

/// Issue 21: one binary container for every saved file. Each kind is written here and its
/// bytes are read with this test's own reading of the layout (64-byte header of eight
/// little-endian words, section table, sections, XXH64), not with the library's reader.
@Suite("Saved files: one container for index, landmarks, road graph and address index")
struct SavedFileContainerTests {
    /// The four kinds, saved from small but non-empty contents.
    static func savedFiles(in tmp: TemporaryDirectory) throws -> [(kind: String, path: String, magic: String)] {
        var rng = SplitMix64(seed: 21)
        let points = try (0..<500).map { _ in
            try Coordinate(latitude: rng.uniform(43.72, 43.76), longitude: rng.uniform(7.40, 7.44))
        }
        var index = try SpatialIndex(points)
        _ = try index.insert(try Coordinate(latitude: 43.73, longitude: 7.42))
        try index.remove(id: 3)
        try index.save(to: tmp.file("i.gkidx"))

        let marks = LandmarkIndex()
        for (i, p) in points.prefix(40).enumerated() { try marks.add(at: p, note: "note \(i) ✓", owner: "u\(i % 3)") }
        try marks.save(to: tmp.file("m.gklm"))

        let town = Array(SampleTown.osmXML.utf8)
        var builder = RoadNetworkBuilder(profile: .car)
        try OSMFile.read(bytes: town, format: .xml) { builder.add($0) }
        try RoadGraph(try builder.build().network).save(to: tmp.file("g.gkroad"))

        let addresses = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/places/addresses.osm").path
        try AddressIndex.build(osmFile: addresses).index.save(to: tmp.file("a.gkaddr"))
        return [
            ("index", tmp.file("i.gkidx"), "GKINDEX\0"), ("landmarks", tmp.file("m.gklm"), "GKLANDM\0"),
            ("road graph", tmp.file("g.gkroad"), "GKROAD\0\0"), ("address index", tmp.file("a.gkaddr"), "GKADDR\0\0"),
        ]
    }

    @Test("every kind has the same header, section table and checksum, and the checksum catches a flipped byte")
    func oneLayout() throws {
        let tmp = try TemporaryDirectory("gk-container")
        for file in try Self.savedFiles(in: tmp) {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file.path)))
            func word(_ i: Int) -> UInt64 { bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self) } }
            #expect(bytes.count >= 64)
            #expect(String(decoding: bytes[0..<8], as: UTF8.self) == file.magic, "\(file.kind)")
            #expect(word(1) >> 32 == 0x0102_0304 && word(1) & 0xFFFF_FFFF >= 1, "\(file.kind): version | byte-order mark")
            let sections = Int(word(4))
            #expect(sections >= 3 && 64 + 8 * sections <= bytes.count, "\(file.kind): \(sections) sections")
            #expect(word(6) == UInt64(bytes.count - 64), "\(file.kind): payload bytes")
            let table = (0..<sections).map { word(8 + $0) }
            // The road graph (mapped at load) pads each section to a multiple of 8 bytes.
            let padded = file.kind == "road graph" ? table.map { ($0 + 7) / 8 * 8 } : table
            #expect(UInt64(8 * sections) + padded.reduce(0, +) == word(6), "\(file.kind): the table covers the payload")
            var sum = Checksum64()
            bytes.withUnsafeBytes {
                sum.update(UnsafeRawBufferPointer(rebasing: $0[0..<56]))
                sum.update(UnsafeRawBufferPointer(rebasing: $0[64...]))
            }
            #expect(sum.finalize() == word(7), "\(file.kind): XXH64 of the header's first 56 bytes and the payload")
        }
    }

    @Test("a damaged section is refused as a checksum mismatch by every kind's loader")
    func checksumRefusal() throws {
        let tmp = try TemporaryDirectory("gk-container-damaged")
        for file in try Self.savedFiles(in: tmp) {
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file.path)))
            bytes[bytes.count - 1] ^= 0x40  // the last section's last byte
            try Data(bytes).write(to: URL(fileURLWithPath: file.path))
            let load: () throws -> Void
            switch file.kind {
            case "index": load = { _ = try SpatialIndex(contentsOf: file.path) }
            case "landmarks": load = { _ = try LandmarkIndex(contentsOf: file.path) }
            case "road graph": load = { _ = try RoadGraph(contentsOf: file.path) }
            default: load = { _ = try AddressIndex(contentsOf: file.path) }
            }
            #expect("\(file.kind)") {
                try load()
            } throws: { error in
                let e = error as? GeoKernelError
                return e?.code == .corrupt && e?.message.contains("checksum mismatch") == true
            }
        }
    }
}
