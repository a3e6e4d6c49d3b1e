import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Spatial index: save and load")
final class SpatialIndexPersistenceTests {
    let scratch: TemporaryDirectory
    var dir: String { scratch.path }

    init() throws {
        scratch = try TemporaryDirectory("gk-index-tests")
    }

    /// An index with every part in use: a base run, merged runs, the buffer, removed ids.
    func busyIndex() throws -> SpatialIndex {
        var data = IndexTestData.Clustered(cities: 20, seed: 4)
        var index = try SpatialIndex(data.points(5_000))
        for _ in 0..<700 { try index.insert(data.point(city: 3)) }
        for id in stride(from: UInt32(0), to: 5_600, by: 7) { try index.remove(id: id) }
        return index
    }

    @Test("a saved index loads back with identical answers and intact invariants")
    func roundTrip() throws {
        let index = try busyIndex()
        let path = dir + "/busy.gkidx"
        try index.save(to: path)
        let loaded = try SpatialIndex(contentsOf: path)
        try loaded.checkInvariants()
        #expect(loaded.count == index.count && loaded.nextID == index.nextID)
        var data = IndexTestData.Clustered(cities: 20, seed: 4)
        for q in data.queries(40) {
            #expect(try loaded.nearest(to: q, k: 9) == (try index.nearest(to: q, k: 9)))
            #expect(try loaded.within(radiusMeters: 30_000, of: q) == (try index.within(radiusMeters: 30_000, of: q)))
        }
        // The loaded index keeps working: inserts and removes continue the ids.
        var more = loaded
        #expect(try more.insert(try Coordinate(latitude: 1, longitude: 2)) == index.nextID)
        try more.remove(id: 1)
        try more.checkInvariants()
        let empty = dir + "/empty.gkidx"
        try SpatialIndex().save(to: empty)
        #expect(try SpatialIndex(contentsOf: empty).isEmpty)
    }

    @Test("the file checksum is XXH64 (reference vectors)")
    func checksumVectors() {
        func xxh(_ s: String) -> UInt64 {
            var c = Checksum64()
            Array(s.utf8).withUnsafeBytes { c.update($0) }
            return c.finalize()
        }
        #expect(xxh("") == 0xEF46_DB37_51D8_E999)
        #expect(xxh("a") == 0xD24E_C4F1_A98C_6E5B)
        #expect(xxh("abc") == 0x44BC_2CF5_AD77_0999)
        // Fed in pieces, the same bytes give the same checksum.
        let text = String(repeating: "Nobody inspects the spammish repetition. ", count: 9)
        var pieces = Checksum64()
        let bytes = Array(text.utf8)
        for chunk in stride(from: 0, to: bytes.count, by: 13) {
            bytes[chunk..<min(chunk + 13, bytes.count)].withUnsafeBytes { pieces.update($0) }
        }
        #expect(pieces.finalize() == xxh(text))
    }

    @Test("a damaged file is refused: every flipped byte and every truncation")
    func damagedFiles() throws {
        let index = try SpatialIndex(IndexTestData.uniform(300, seed: 6))
        let path = dir + "/small.gkidx"
        try index.save(to: path)
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        let bad = dir + "/bad.gkidx"
        for offset in stride(from: 0, to: good.count, by: 97) {
            var copy = good
            copy[offset] ^= 0x20
            try copy.write(to: URL(fileURLWithPath: bad))
            let e = #expect(throws: GeoKernelError.self) { try SpatialIndex(contentsOf: bad) }
            #expect(e?.code == .corrupt, "flipped byte \(offset): \(String(describing: e))")
        }
        for length in [0, 10, 63, 64, 200, good.count - 1] {
            try good.prefix(length).write(to: URL(fileURLWithPath: bad))
            let e = #expect(throws: GeoKernelError.self) { try SpatialIndex(contentsOf: bad) }
            #expect(e?.code == .corrupt, "truncated to \(length): \(String(describing: e))")
        }
        try (good + Data([0])).write(to: URL(fileURLWithPath: bad))
        #expect(throws: GeoKernelError.self) { try SpatialIndex(contentsOf: bad) }
    }

    @Test("an index saved in format version 1 still loads, answers as the index it was saved from and saves as version 2")
    func version1() throws {
        // Tests/GeoKernelTests/Fixtures/index-v1.gkindex was saved by version 1 of the format
        // (the fuzz seed "dynamic"): 100 points in a run, 20 inserted, every 7th id of
        // 0..<120 removed; the points from SplitMix64(seed: 13), latitude then longitude.
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/index-v1.gkindex").path
        var rng = SplitMix64(seed: 13)
        func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        let points = try (0..<300).map { _ in try Coordinate(latitude: unit() * 180 - 90, longitude: unit() * 360 - 180) }
        var expected = try SpatialIndex(Array(points.prefix(100)))
        for p in points.suffix(20) { _ = try expected.insert(p) }
        for id in stride(from: UInt32(0), to: 120, by: 7) { try expected.remove(id: id) }

        let old = try SpatialIndex(contentsOf: fixture)
        try old.checkInvariants()
        #expect(old.count == 102 && old.nextID == 120)
        let path = dir + "/from-v1.gkidx"
        try old.save(to: path)
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(16)
        #expect(header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 8, as: UInt32.self) } == 2)
        let resaved = try SpatialIndex(contentsOf: path)
        var queries = IndexTestData.Clustered(cities: 5, seed: 8)
        for q in queries.queries(30) {
            let want = try expected.nearest(to: q, k: 12)
            #expect(try old.nearest(to: q, k: 12) == want && (try resaved.nearest(to: q, k: 12)) == want)
            let around = try expected.within(radiusMeters: 2_000_000, of: q)
            #expect(try old.within(radiusMeters: 2_000_000, of: q) == around)
            #expect(try resaved.within(radiusMeters: 2_000_000, of: q) == around)
        }
    }

    @Test("a foreign file, another version and a missing file give clear errors")
    func foreignFiles() throws {
        let foreign = dir + "/foreign.txt"
        try String(repeating: "lat,lon,name\n", count: 20).write(toFile: foreign, atomically: true, encoding: .utf8)
        let e = #expect(throws: GeoKernelError.self) { try SpatialIndex(contentsOf: foreign) }
        #expect(e?.code == .corrupt && e?.message.contains("magic") == true && e?.message.contains(foreign) == true)

        let path = dir + "/v.gkidx"
        try SpatialIndex(IndexTestData.uniform(20, seed: 1)).save(to: path)
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        data[8] = 3  // format version 3
        try data.write(to: URL(fileURLWithPath: path))
        let v = #expect(throws: GeoKernelError.self) { try SpatialIndex(contentsOf: path) }
        #expect(v?.code == .corrupt && v?.message.contains("version 3") == true)

        let missing = #expect(throws: GeoKernelError.self) { try SpatialIndex(contentsOf: dir + "/nothing-here.gkidx") }
        #expect(missing?.code == .io && missing?.message.contains("nothing-here") == true)
        let directory = #expect(throws: GeoKernelError.self) { try SpatialIndex(contentsOf: dir) }
        #expect(directory?.code == .io)
    }

    @Test("saving replaces the file atomically and a failed save leaves the old file")
    func atomicSave() throws {
        let path = dir + "/atomic.gkidx"
        let first = try SpatialIndex(IndexTestData.uniform(100, seed: 1))
        try first.save(to: path)
        let second = try SpatialIndex(IndexTestData.uniform(200, seed: 2))
        try second.save(to: path)
        #expect(try SpatialIndex(contentsOf: path).count == 200)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
        let e = #expect(throws: GeoKernelError.self) { try second.save(to: dir + "/no/such/dir/x.gkidx") }
        #expect(e?.code == .io && e?.message.contains("no/such/dir") == true)
        #expect(try SpatialIndex(contentsOf: path).count == 200)
    }
}
