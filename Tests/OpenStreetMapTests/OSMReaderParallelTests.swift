import GeoKernel
import OpenStreetMap
import Testing
import _GeoKernelTestSupport

/// PBF blobs inflated on several threads: whatever the thread count, a read
/// hands out the same elements in the same order, and on damaged data the same error after
/// the same elements.
@Suite("OSMReader: PBF blobs inflated on several threads")
struct OSMReaderParallelTests {
    typealias F = OSMReaderFixture

    /// What a read of `bytes` on `threads` threads hands out, and the error it ends with.
    static func outcome(
        _ bytes: [UInt8], threads: Int, kinds: OSMElementKinds = .all
    ) -> (elements: [OSMElement], error: String?) {
        var elements: [OSMElement] = []
        do {
            try OSMFile.read(bytes: bytes, format: .pbf, kinds: kinds, threads: threads) { elements.append($0) }
            return (elements, nil)
        } catch {
            return (elements, "\(error.code): \(error.message)")
        }
    }

    @Test("both extracts read the same on 1, 2, 3 and 8 threads, for every kind set and from the file")
    func realExtracts() throws {
        for path in [F.monacoPBF, F.andorraPBF] {
            let bytes = try F.bytes(path)
            for kinds: OSMElementKinds in [.all, .nodes, [.ways, .relations]] {
                let one = Self.outcome(bytes, threads: 1, kinds: kinds)
                #expect(one.error == nil)
                #expect(one.elements.count > 1_000)
                for threads in [2, 3, 8] {
                    let many = Self.outcome(bytes, threads: threads, kinds: kinds)
                    #expect(many.error == nil)
                    #expect(many.elements == one.elements, "\(path), \(threads) threads, kinds \(kinds.rawValue)")
                }
            }
            var fromFile: [OSMElement] = []
            try OSMFile.read(path, threads: 2) { fromFile.append($0) }
            #expect(fromFile == Self.outcome(bytes, threads: 1).elements)
        }
    }

    @Test("on 160 seeded cuts and 160 seeded mutations of Monaco, 2 and 3 threads give the elements and error of 1")
    func damagedData() throws {
        let bytes = try F.bytes(F.monacoPBF)
        var random = SeededRandom(seed: 0x7A4A_11E1)
        var inputs: [[UInt8]] = []
        for _ in 0..<160 { inputs.append(Array(bytes[..<Int(random.next() % UInt64(bytes.count))])) }
        for _ in 0..<160 {
            var damaged = bytes
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let index = Int(random.next() % UInt64(bytes.count))
                damaged[index] = UInt8(truncatingIfNeeded: random.next())
            }
            inputs.append(damaged)
        }
        var failed = 0, partial = 0
        for (k, input) in inputs.enumerated() {
            let one = Self.outcome(input, threads: 1)
            if one.error != nil { failed += 1 }
            if one.error != nil && !one.elements.isEmpty { partial += 1 }
            for threads in [2, 3] {
                let many = Self.outcome(input, threads: threads)
                #expect(many.error == one.error, "input \(k), \(threads) threads")
                #expect(many.elements == one.elements, "input \(k), \(threads) threads")
            }
        }
        // The inputs must exercise errors after some elements, not only at the start.
        #expect(failed > 100)
        #expect(partial > 50)
    }

    @Test("an error thrown by the visitor stops a parallel read and comes back unchanged")
    func visitorError() throws {
        let bytes = try F.bytes(F.andorraPBF)
        var seen = 0
        do throws(GeoKernelError) {
            try OSMFile.read(bytes: bytes, format: .pbf, threads: 2) { (_) throws(GeoKernelError) in
                seen += 1
                if seen == 20_000 { throw GeoKernelError(.capacity, "enough") }
            }
            Issue.record("the read went on past the visitor's error")
        } catch {
            #expect(error.code == .capacity)
            #expect(error.message == "enough")
        }
        #expect(seen == 20_000)
    }
}
