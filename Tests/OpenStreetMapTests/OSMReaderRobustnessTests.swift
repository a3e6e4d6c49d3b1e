import Foundation
import GeoKernel
import OpenStreetMap
import Testing
import _GeoKernelTestSupport

/// Damaged input must give a `GeoKernelError` (or, for some mutations, a successful read),
/// never a crash, a trap, a hang or an unbounded allocation.
@Suite("OSMReader on damaged input")
struct OSMReaderRobustnessTests {
    typealias F = OSMReaderFixture

    /// File offsets where blobs start (and the file's end): cutting exactly there leaves a
    /// well-formed, shorter file.
    static func blobBoundaries(_ bytes: [UInt8]) -> Set<Int> {
        var out: Set<Int> = [0]
        var offset = 0
        while offset + 4 <= bytes.count {
            let headerSize = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            // BlobHeader.datasize is field 3 (key 0x18), a varint.
            var i = offset + 4
            var dataSize = 0
            while i < offset + 4 + headerSize {
                if bytes[i] == 0x18 {
                    var shift = 0
                    i += 1
                    repeat {
                        dataSize |= Int(bytes[i] & 0x7F) << shift
                        shift += 7
                        i += 1
                    } while bytes[i - 1] >= 0x80
                    break
                }
                i += 1
            }
            offset += 4 + headerSize + dataSize
            out.insert(offset)
        }
        return out
    }

    @Test("Monaco PBF cut at 240 seeded points always throws")
    func pbfTruncations() throws {
        let bytes = try F.bytes(F.monacoPBF)
        let boundaries = Self.blobBoundaries(bytes)
        #expect(boundaries.contains(bytes.count))
        var random = SeededRandom(seed: 0x05_0CA1)
        var cuts = [1, 3, 4, 5, 20, bytes.count - 1]
        while cuts.count < 240 { cuts.append(Int(random.next() % UInt64(bytes.count))) }
        for cut in cuts where !boundaries.contains(cut) {
            let e = F.error(bytes: Array(bytes[..<cut]), format: .pbf)
            #expect(e?.code == .corrupt, "cut at \(cut): \(String(describing: e))")
            #expect(e?.message.hasPrefix("blob ") == true, "cut at \(cut): \(String(describing: e))")
        }
    }

    @Test("320 seeded byte mutations of Monaco PBF each throw or succeed, and finish")
    func pbfMutations() throws {
        let bytes = try F.bytes(F.monacoPBF)
        var random = SeededRandom(seed: 42)
        var failures = 0
        for _ in 0..<320 {
            var damaged = bytes
            for _ in 0..<(1 + Int(random.next() % 4)) {
                // Half the mutations hit the first 64 bytes of a blob (headers, sizes, fields).
                let index = random.next() % 2 == 0
                    ? Int(random.next() % UInt64(bytes.count))
                    : Int(random.next() % 64)
                damaged[index] = UInt8(truncatingIfNeeded: random.next())
            }
            if F.error(bytes: damaged, format: .pbf) != nil { failures += 1 }
        }
        #expect(failures > 0)
    }

    @Test("Forged huge sizes are refused before anything is allocated")
    func forgedSizes() throws {
        let bytes = try F.bytes(F.monacoPBF)
        // BlobHeader length 0x7FFFFFFF.
        var forged = bytes
        forged.replaceSubrange(0..<4, with: [0x7F, 0xFF, 0xFF, 0xFF])
        #expect(F.error(bytes: forged, format: .pbf)?.message.contains("64 KiB") == true)
        // A BlobHeader announcing a 2 GiB blob: type "OSMHeader", datasize 0x7FFFFFFF.
        let header: [UInt8] = [0x0A, 9] + Array("OSMHeader".utf8) + [0x18, 0xFF, 0xFF, 0xFF, 0xFF, 0x07]
        forged = [0, 0, 0, UInt8(header.count)] + header
        #expect(F.error(bytes: forged, format: .pbf)?.message.contains("32 MiB") == true)
        // A blob within limits but longer than the file.
        let small: [UInt8] = [0x0A, 9] + Array("OSMHeader".utf8) + [0x18, 0x80, 0x80, 0x80, 0x08]
        forged = [0, 0, 0, UInt8(small.count)] + small + [1, 2, 3]
        #expect(F.error(bytes: forged, format: .pbf)?.message.contains("only 3 remain") == true)
        // A Blob whose raw_size announces 4 GiB.
        let blob: [UInt8] = [0x10, 0x80, 0x80, 0x80, 0x80, 0x10, 0x1A, 0x01, 0x00]
        let blobHeader: [UInt8] = [0x0A, 9] + Array("OSMHeader".utf8) + [0x18, UInt8(blob.count)]
        forged = [0, 0, 0, UInt8(blobHeader.count)] + blobHeader + blob
        #expect(F.error(bytes: forged, format: .pbf)?.message.contains("raw_size 4294967296 exceeds") == true)
    }

    @Test("Unsupported compression and required features are named")
    func unsupported() {
        func file(_ blob: [UInt8]) -> [UInt8] {
            let header: [UInt8] = [0x0A, 9] + Array("OSMHeader".utf8) + [0x18, UInt8(blob.count)]
            return [0, 0, 0, UInt8(header.count)] + header + blob
        }
        // Blob{raw_size 3, zstd_data = 3 bytes}
        #expect(F.error(bytes: file([0x10, 3, 0x3A, 3, 1, 2, 3]), format: .pbf)?.message.contains("zstd") == true)
        // Blob{raw = HeaderBlock{required_features: "Sparkles"}}
        let feature = Array("Sparkles".utf8)
        let headerBlock: [UInt8] = [0x22, UInt8(feature.count)] + feature
        let e = F.error(bytes: file([0x0A, UInt8(headerBlock.count)] + headerBlock), format: .pbf)
        #expect(e?.message == "blob 0 (OSMHeader) at byte offset 0: the file requires the unsupported feature 'Sparkles'")
        let history = Array("HistoricalInformation".utf8)
        let historyBlock: [UInt8] = [0x22, UInt8(history.count)] + history
        #expect(F.error(bytes: file([0x0A, UInt8(historyBlock.count)] + historyBlock), format: .pbf)?
            .message.contains("not supported") == true)
    }

    @Test("Monaco XML text cut at 220 seeded points always throws with a line number")
    func xmlTruncations() throws {
        let text = try F.gunzip(F.monacoGzip)
        #expect(try F.elements(bytes: text, format: .xml).count == 13_739 + 1_944 + 77)
        // The last byte of "</osm>": cutting after it leaves a complete document.
        let complete = text.lastIndex(of: UInt8(ascii: ">"))!
        var random = SeededRandom(seed: 7)
        var cuts = [0, 1, 10, complete]
        while cuts.count < 220 { cuts.append(Int(random.next() % UInt64(complete))) }
        for cut in cuts {
            let e = F.error(bytes: Array(text[..<cut]), format: .xml)
            #expect(e?.code == .parse, "cut at \(cut)")
            #expect(e?.message.hasPrefix("line ") == true, "cut at \(cut): \(String(describing: e))")
        }
    }

    @Test("Monaco's gzip stream cut at 120 seeded points always throws")
    func gzipTruncations() throws {
        let bytes = try F.bytes(F.monacoGzip)
        var random = SeededRandom(seed: 11)
        var cuts = [0, 1, 2, 10, bytes.count - 1, bytes.count - 8]
        while cuts.count < 120 { cuts.append(Int(random.next() % UInt64(bytes.count))) }
        for cut in cuts {
            let e = F.error(bytes: Array(bytes[..<cut]), format: .xmlGzip)
            #expect(e?.code == .parse, "cut at \(cut): \(String(describing: e))")
        }
    }

    @Test("300 seeded byte mutations of the XML text and 100 of the gzip stream each throw or succeed")
    func xmlMutations() throws {
        let text = try F.gunzip(F.monacoGzip)
        var random = SeededRandom(seed: 99)
        for _ in 0..<300 {
            // The whole text, so a mutation may also leave a readable document.
            var damaged = text
            for _ in 0..<(1 + Int(random.next() % 3)) {
                damaged[Int(random.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            _ = F.error(bytes: damaged, format: .xml)
        }
        let gz = try F.bytes(F.monacoGzip)
        for _ in 0..<100 {
            var damaged = gz
            damaged[Int(random.next() % UInt64(gz.count))] = UInt8(truncatingIfNeeded: random.next())
            _ = F.error(bytes: damaged, format: .xmlGzip)
        }
    }

    @Test("Two concatenated gzip members read as one document")
    func multiMemberGzip() throws {
        let text = Array("<osm>\n<node id='1' lat='1' lon='2'/>\n".utf8)
        let rest = Array("<node id='2' lat='3' lon='4'/>\n</osm>\n".utf8)
        let bytes = try Self.gzip(text) + Self.gzip(rest)
        #expect(try F.elements(bytes: bytes, format: .xmlGzip).count == 2)
    }

    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let p = Foundation.Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "gzip -c"]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return [UInt8](data)
    }
}
