import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// Issue 13: forged index files (valid checksum, inconsistent contents) loaded and then
/// silently missed points. They are refused at load.
@Suite("Spatial index: forged files are refused")
final class SpatialIndexForgedFileTests {
    let scratch: TemporaryDirectory
    var dir: String { scratch.path }

    init() throws {
        scratch = try TemporaryDirectory("gk-index-forged")
    }

    /// A saved index of 1 000 points (one run), its bytes and the offset of its run.
    func saved() throws -> (bytes: [UInt8], run: Int) {
        let path = dir + "/good.gkidx"
        try SpatialIndex(IndexTestData.uniform(1_000, seed: 3)).save(to: path)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let sections = bytes.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: 32, as: UInt64.self)) }
        #expect(sections == 4)  // the run table, one run, the insert buffer, the removed bitset
        return (bytes, 64 + 8 * sections + 16)  // header, section table, run table (count, bytes) of one run
    }

    /// Writes `bytes` with the header's checksum recomputed and loads them.
    func load(_ bytes: [UInt8], _ name: String) throws -> GeoKernelError? {
        var b = bytes
        var sum = Checksum64()
        b.withUnsafeBytes { sum.update(UnsafeRawBufferPointer(rebasing: $0[0..<56])); sum.update(UnsafeRawBufferPointer(rebasing: $0[64...])) }
        withUnsafeBytes(of: sum.finalize()) { for i in 0..<8 { b[56 + i] = $0[i] } }
        let path = dir + "/" + name
        try Data(b).write(to: URL(fileURLWithPath: path))
        do {
            _ = try SpatialIndex(contentsOf: path)
            return nil
        } catch {
            return error
        }
    }

    func store(_ v: Double, at offset: Int, in bytes: inout [UInt8]) {
        withUnsafeBytes(of: v) { for i in 0..<8 { bytes[offset + i] = $0[i] } }
    }

    func double(at offset: Int, in bytes: [UInt8]) -> Double {
        bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Double.self) }
    }

    @Test("an unchanged file with its checksum recomputed still loads")
    func control() throws {
        let (bytes, _) = try saved()
        #expect(try load(bytes, "same.gkidx") == nil)
    }

    @Test("a point that is not a unit vector is refused", arguments: [2.0, 0.5, Double.nan, 1 + 1e-9])
    func nonUnitVector(scale: Double) throws {
        var (bytes, run) = try saved()
        // 1 000 points: 63 blocks, 4 + 1 nodes of 384 bytes; block 0 starts after them.
        let block0 = run + 5 * 384
        for axis in 0..<3 {
            let offset = block0 + axis * 128
            store(double(at: offset, in: bytes) * scale, at: offset, in: &bytes)
        }
        let e = try #require(try load(bytes, "scaled.gkidx"))
        #expect(e.code == .corrupt && e.message.contains("not a unit vector"), "\(e.message)")
    }

    @Test("emptied or shrunk node boxes are refused")
    func emptiedBoxes() throws {
        let (good, run) = try saved()
        // Slot 0 of the root (node 0): lo x, lo y, lo z, hi x, hi y, hi z Float columns.
        for (column, value) in [(0, Float.infinity), (3, -Float.infinity), (1, Float(0.99)), (5, Float(-0.99))] {
            var bytes = good
            withUnsafeBytes(of: value) { for i in 0..<4 { bytes[run + column * 64 + i] = $0[i] } }
            let e = try #require(try load(bytes, "boxes-\(column).gkidx"), "column \(column) = \(value) loaded")
            #expect(e.code == .corrupt && e.message.contains("node boxes do not match"), "\(e.message)")
        }
    }
}
