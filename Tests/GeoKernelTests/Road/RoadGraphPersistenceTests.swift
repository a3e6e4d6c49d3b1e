import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Road graph: save and load")
final class RoadGraphPersistenceTests {
    let scratch: TemporaryDirectory
    var dir: String { scratch.path }

    init() throws {
        scratch = try TemporaryDirectory("gk-road-tests")
    }

    /// Expects `.corrupt`; with `sealed`, for a reason other than the checksum.
    func expectCorrupt(_ bytes: [UInt8], _ what: String, sealed: Bool = false) {
        let path = dir + "/bad.gkroad"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        do {
            _ = try RoadGraph(contentsOf: path)
            Issue.record("\(what): a damaged file loaded")
        } catch {
            #expect(error.code == .corrupt, "\(what): \(error)")
            if sealed { #expect(!error.message.contains("checksum"), "\(what): \(error)") }
        }
    }

    @Test("a saved graph loads back with identical answers")
    func roundTrip() throws {
        let graph = try RoadGraph(RoadNetwork.grid(rows: 20, cols: 25, seed: 8, destinationOnlyFraction: 0.1))
        let path = dir + "/grid.gkroad"
        try graph.save(to: path)
        let loaded = try RoadGraph(contentsOf: path)
        try loaded.checkInvariants()
        #expect(loaded.report == graph.report && loaded.byteCount == graph.byteCount)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == graph.byteCount + 64 + 41 * 8)
        var rng = SeededRandom(seed: 3)
        let ws = RoadGraph.Workspace(for: loaded)
        for _ in 0..<200 {
            let p = RoadTestData.randomPoint(graph, &rng), q = RoadTestData.randomPoint(graph, &rng)
            let s = try graph.snap(p, maxDistanceMeters: 500), t = try graph.snap(q, maxDistanceMeters: 500)
            #expect(try loaded.snap(p, maxDistanceMeters: 500) == s)
            for m in RoadMetric.allCases {
                #expect((try? loaded.route(from: s, to: t, metric: m, workspace: ws)) == (try? graph.route(from: s, to: t, metric: m)))
            }
        }
        for e in [0, graph.edgeCount - 1] {
            #expect(loaded.edgeGeometry(e) == graph.edgeGeometry(e) && loaded.edgeName(e) == graph.edgeName(e))
        }
        // The arrays are read in place from the mapped file, not copied.
        #expect(loaded.storage.geom.owner is MappedFile && loaded.storage.hierarchy(.fastest)?.upArc.owner is MappedFile)
        #expect(!(graph.storage.geom.owner is MappedFile))
        let plain = try RoadGraph(RoadNetwork.grid(rows: 4, cols: 4, seed: 8), options: .init(contractedMetrics: []))
        try plain.save(to: path)
        #expect(try !RoadGraph(contentsOf: path).isContracted(.fastest))
    }

    @Test("a graph saved over the file another graph was mapped from leaves that graph whole")
    func saveOverMapped() throws {
        let graph = try RoadGraph(RoadNetwork.grid(rows: 12, cols: 12, seed: 5))
        let other = try RoadGraph(RoadNetwork.grid(rows: 6, cols: 9, seed: 6))
        let path = dir + "/replaced.gkroad"
        try graph.save(to: path)
        let mapped = try RoadGraph(contentsOf: path)
        try other.save(to: path)  // by rename: the mapped file's pages stay as they were
        try mapped.checkInvariants()
        var rng = SeededRandom(seed: 11)
        for _ in 0..<50 {
            let p = RoadTestData.randomPoint(graph, &rng), q = RoadTestData.randomPoint(graph, &rng)
            let s = try graph.snap(p, maxDistanceMeters: 500), t = try graph.snap(q, maxDistanceMeters: 500)
            #expect((try? mapped.route(from: s, to: t, metric: .fastest)) == (try? graph.route(from: s, to: t, metric: .fastest)))
        }
        #expect(try RoadGraph(contentsOf: path).report == other.report)
    }

    @Test("a file of the previous version (unpadded sections) is read into memory with identical answers")
    func previousVersion() throws {
        let graph = try RoadGraph(RoadNetwork.grid(rows: 15, cols: 11, seed: 2, destinationOnlyFraction: 0.1))
        let path = dir + "/v2.gkroad"
        try graph.save(to: path, version: 2)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes[8] == 2)
        let unpadded = (0..<41).map { i in Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 64 + 8 * i, as: UInt64.self) }) }
        #expect(bytes.count == 64 + 41 * 8 + unpadded.reduce(0, +))
        let loaded = try RoadGraph(contentsOf: path)
        try loaded.checkInvariants()
        #expect(!(loaded.storage.geom.owner is MappedFile))
        var rng = SeededRandom(seed: 4)
        for _ in 0..<50 {
            let p = RoadTestData.randomPoint(graph, &rng), q = RoadTestData.randomPoint(graph, &rng)
            let s = try graph.snap(p, maxDistanceMeters: 500), t = try graph.snap(q, maxDistanceMeters: 500)
            for m in RoadMetric.allCases {
                #expect((try? loaded.route(from: s, to: t, metric: m)) == (try? graph.route(from: s, to: t, metric: m)))
            }
        }
        // Damage is caught in this layout too.
        var damaged = bytes
        damaged[bytes.count / 2] ^= 0x10
        expectCorrupt(damaged, "damaged version 2 file")
    }

    /// A small graph's file: a few kilobytes.
    func smallFile() throws -> [UInt8] {
        let graph = try RoadGraph(RoadNetwork.grid(rows: 3, cols: 4, seed: 4, destinationOnlyFraction: 0.2))
        let path = dir + "/small.gkroad"
        try graph.save(to: path)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("every single-byte flip and every truncation is refused as corrupt")
    func damage() throws {
        let bytes = try smallFile()
        #expect(bytes.count > 1_000)
        for i in bytes.indices {
            var b = bytes
            b[i] ^= UInt8(1 << (i % 8))
            expectCorrupt(b, "flip at \(i)")
        }
        for n in 0..<bytes.count { expectCorrupt(Array(bytes[0..<n]), "truncated to \(n)") }
        expectCorrupt(bytes + [0], "one byte appended")
    }

    @Test("foreign files, other versions and forged contents with a valid checksum are refused")
    func forgeries() throws {
        let bytes = try smallFile()
        expectCorrupt(Array("not a road graph at all, just some text that is long enough for a header".utf8), "text")
        var b = bytes
        b[8] = 4  // version 4
        expectCorrupt(resealed(b), "other version", sealed: true)
        b[8] = 1  // version 1: node-based hierarchies, before turn costs
        expectCorrupt(resealed(b), "version 1", sealed: true)
        let path = dir + "/resealed.gkroad"
        _ = FileManager.default.createFile(atPath: path, contents: Data(resealed(bytes)))
        #expect(throws: Never.self) { try RoadGraph(contentsOf: path) }
        // Out-of-range values in each section the validator guards, checksum recomputed.
        let n = Int(bytes.withUnsafeBytes { $0.load(fromByteOffset: 16, as: UInt64.self) })
        let sections = (0..<41).map { i in Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 64 + 8 * i, as: UInt64.self) }) }
        func sectionStart(_ k: Int) -> Int { 64 + 41 * 8 + sections[0..<k].reduce(0) { $0 + ($1 + 7) / 8 * 8 } }
        let forgeries: [(section: Int, value: UInt32, what: String)] = [
            (2, UInt32(n + 5), "edge end"), (13, 9_999, "geometry offset"), (9, 4_000, "name index"),
            (12, 4_000, "sign string index"), (18, 77_777, "incidence arc"), (20, 123_456, "grid segment"),
            (21, 77_777, "state arc"), (22, 0x7FFF_FFFF, "turn offset"), (23, 0xFFFF, "turn target"),
            (24, 0xFFFF_FFF0, "turn cost"),
            (25 + 8, 0xFFFF, "hierarchy rank"),  // fastest metric's rank array
            (25 + 8 + 4, 0x7FFF_0000, "shortcut middle"),  // fastest upMid
            (1, 0x8000_0000, "node latitude Int32.min"), (14, 0x8000_0000, "vertex latitude Int32.min"),
        ]
        for f in forgeries {
            guard sections[f.section] >= 4 else { continue }
            var forged = bytes
            withUnsafeBytes(of: f.value.littleEndian) { for k in 0..<4 { forged[sectionStart(f.section) + k] = $0[k] } }
            expectCorrupt(resealed(forged), "forged \(f.what)", sealed: true)
        }
        // An edge length no road has (1e300 m) would overflow integer conversions later.
        var forgedLength = bytes
        withUnsafeBytes(of: (1e300 as Double).bitPattern.littleEndian) { for k in 0..<8 { forgedLength[sectionStart(3) + k] = $0[k] } }
        expectCorrupt(resealed(forgedLength), "forged edge length", sealed: true)
        var forgedWeight = bytes
        let upArc = sectionStart(25 + 8 + 3)
        forgedWeight[upArc] ^= 1  // an upward arc's weight (low half of the first entry)
        expectCorrupt(resealed(forgedWeight), "forged hierarchy weight", sealed: true)
    }

    @Test("a forged weight or link anywhere in either direction of either hierarchy is refused")
    func forgedEntriesEverywhere() throws {
        // A grid large enough for hundreds of entries per list, so that the validator's
        // blocks of 64 entries are crossed: first, middle and last entries are forged.
        let graph = try RoadGraph(RoadNetwork.grid(rows: 12, cols: 12, seed: 9, destinationOnlyFraction: 0.1))
        let path = dir + "/grid.gkroad"
        try graph.save(to: path)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let sections = (0..<41).map { i in Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 64 + 8 * i, as: UInt64.self) }) }
        func sectionStart(_ k: Int) -> Int { 64 + 41 * 8 + sections[0..<k].reduce(0) { $0 + ($1 + 7) / 8 * 8 } }
        func word(_ at: Int) -> UInt64 { bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: UInt64.self) } }
        func put(_ value: UInt64, _ at: Int, in b: inout [UInt8]) {
            withUnsafeBytes(of: value.littleEndian) { for k in 0..<8 { b[at + k] = $0[k] } }
        }
        var shortcutsForged = 0
        for metric in 0..<2 {
            for (arcSection, linkSection) in [(3, 4), (6, 7)] {  // up, then down
                let arcs = sectionStart(25 + 8 * metric + arcSection), links = sectionStart(25 + 8 * metric + linkSection)
                let count = sections[25 + 8 * metric + arcSection] / 8
                #expect(count > 200, "metric \(metric), section \(arcSection): \(count) entries")
                for i in Set([0, count / 2, count / 2 + 65, count - 1]) {
                    let what = "metric \(metric), \(arcSection == 3 ? "up" : "down") entry \(i) of \(count)"
                    var weight = bytes
                    put(word(arcs + 8 * i) ^ 1, arcs + 8 * i, in: &weight)
                    expectCorrupt(resealed(weight), "\(what): weight", sealed: true)
                    // Another link: the next turn, or the shortcut's second half moved by one.
                    let link = word(links + 8 * i)
                    var forged = bytes
                    put(link + 1, links + 8 * i, in: &forged)
                    expectCorrupt(resealed(forged), "\(what): link", sealed: true)
                    if link >> 63 == 0 {
                        shortcutsForged += 1
                        var halves = bytes
                        put(link &+ (1 << 32), links + 8 * i, in: &halves)  // the first half moved by one
                        expectCorrupt(resealed(halves), "\(what): first half", sealed: true)
                    }
                }
            }
        }
        #expect(shortcutsForged > 0)
    }

    /// The bytes with the header checksum recomputed.
    func resealed(_ bytes: [UInt8]) -> [UInt8] {
        var sum = Checksum64()
        bytes.withUnsafeBytes { sum.update(UnsafeRawBufferPointer(rebasing: $0[0..<56])) }
        bytes.withUnsafeBytes { sum.update(UnsafeRawBufferPointer(rebasing: $0[64...])) }
        var out = bytes
        withUnsafeBytes(of: sum.finalize().littleEndian) { for k in 0..<8 { out[56 + k] = $0[k] } }
        return out
    }
}
