import Foundation
import GeoFormats
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// Issue 13: GPX input that used to crash, hang or be silently rewritten.
@Suite("GPX: hostile input")
struct GPXRobustnessTests {
    static func decodeError(_ bytes: [UInt8]) -> GeoKernelError? {
        do {
            _ = try GPX.decode(Data(bytes), source: "t.gpx")
            return nil
        } catch {
            return error
        }
    }

    @Test("invalid UTF-8 in a name, a value, text or a comment is an error naming line and byte offset", arguments: [
        (Array("<gpx a".utf8) + [0xFF] + Array("b=\"1\"></gpx>".utf8), 1, 6),
        (Array("<gpx version=\"1.1\">\n<wpt lat=\"1\" lon=\"2\"><name>x".utf8) + [0xC3, 0x28] + Array("</name></wpt></gpx>".utf8), 2, 49),
        (Array("<gpx>\n\n<!-- ".utf8) + [0xED, 0xA0, 0x80] + Array(" --></gpx>".utf8), 3, 13),
        (Array("<gpx version=\"".utf8) + [0xF8] + Array("\"></gpx>".utf8), 1, 14),
        (Array("<gpx></gpx>".utf8) + [0xE2, 0x82], 1, 13),
    ])
    func invalidUTF8(bytes: [UInt8], line: Int, offset: Int) throws {
        let e = try #require(Self.decodeError(bytes))
        #expect(e.code == .parse)
        #expect(e.message.hasPrefix("t.gpx:\(line): byte offset \(offset)"), "\(e.message)")
        #expect(e.message.contains("UTF-8"), "\(e.message)")
    }

    @Test("internal entities are expanded, bytes unchanged, in text and attribute values")
    func internalEntities() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE gpx [
              <!-- a comment with ] and > inside -->
              <!ENTITY x "Q">
              <!ENTITY place "Zürich &amp; &#x41;">
              <!ENTITY lat "47.5">
              <!ELEMENT gpx ANY>
            ]>
            <gpx version="1.1"><wpt lat="&lat;" lon="8"><name>A&x;B &place; &lt;&#233;&gt;</name></wpt></gpx>
            """
        let doc = try GPX.decode(Data(text.utf8))
        #expect(doc.waypoints.first?.name == "AQB Zürich & A <é>")
        #expect(doc.waypoints.first?.coordinate.latitude == 47.5)
    }

    @Test("a UTF-8 byte-order mark at the start is accepted; anywhere else outside the root it is text")
    func byteOrderMark() throws {
        let doc = try GPX.decode(Data([0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"/></gpx>".utf8)))
        #expect(doc.waypoints.count == 1 && doc.version == "1.1")
        #expect(Self.decodeError(Array("<gpx></gpx>".utf8) + [0xEF, 0xBB, 0xBF]) != nil)
    }

    @Test("a character split across the reader's 64 KiB chunks reads back whole, in a file")
    func chunkBoundary() throws {
        let head = "<gpx><wpt lat=\"1\" lon=\"2\"><name>"
        let scratch = try TemporaryDirectory("gk-gpx-chunk")
        for shift in 0..<4 {
            let pad = String(repeating: "p", count: 65_536 - head.utf8.count - 2 + shift)
            let text = head + pad + "😀é" + "</name></wpt></gpx>"
            let path = scratch.file("\(shift).gpx")
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(try GPX.read(contentsOf: path).waypoints.first?.name == pad + "😀é")
        }
    }

    @Test("CDATA text is read as it is")
    func cdata() throws {
        let doc = try GPX.decode(Data("<gpx><wpt lat=\"1\" lon=\"2\"><name><![CDATA[a&b<c>]]></name></wpt></gpx>".utf8))
        #expect(doc.waypoints.first?.name == "a&b<c>")
    }

    @Test("an entity expansion bomb is refused at once with a clear error")
    func expansionBomb() throws {
        // A 100 KB entity referenced 250 000 times (850 KB of GPX): 25 GB if expanded.
        var text = "<!DOCTYPE gpx [<!ENTITY b \"" + String(repeating: "a", count: 100_000) + "\">]>\n<gpx><wpt lat=\"1\" lon=\"2\"><name>"
        text += String(repeating: "&b;", count: 250_000) + "</name></wpt></gpx>"
        let clock = ContinuousClock()
        var error: GeoKernelError?
        let elapsed = clock.measure { error = Self.decodeError(Array(text.utf8)) }
        let e = try #require(error)
        #expect(e.code == .parse && e.message.contains("entity expansion exceeds its limit"), "\(e.message)")
        #expect(elapsed < .seconds(5), "took \(elapsed)")
        // Nested entities multiply: refused the same way.
        var nested = "<!DOCTYPE gpx [<!ENTITY a0 \"0123456789\">"
        for i in 1...9 { nested += "<!ENTITY a\(i) \"" + String(repeating: "&a\(i - 1);", count: 10) + "\">" }
        nested += "]><gpx><wpt lat=\"1\" lon=\"2\"><name>&a9;</name></wpt></gpx>"
        let n = try #require(Self.decodeError(Array(nested.utf8)))
        #expect(n.message.contains("entity expansion exceeds its limit"), "\(n.message)")
    }

    @Test("unknown and external entities are errors")
    func unknownEntities() throws {
        let unknown = try #require(Self.decodeError(Array("<gpx><wpt lat=\"1\" lon=\"2\"><name>&nope;</name></wpt></gpx>".utf8)))
        #expect(unknown.message.contains("unknown entity '&nope;'"), "\(unknown.message)")
        let external = "<!DOCTYPE gpx [<!ENTITY ext SYSTEM \"file:///etc/passwd\">]><gpx><wpt lat=\"1\" lon=\"2\"><name>&ext;</name></wpt></gpx>"
        let e = try #require(Self.decodeError(Array(external.utf8)))
        #expect(e.message.contains("external entity '&ext;'"), "\(e.message)")
    }

    @Test("a longitude outside [-180, 180] is an error, not wrapped")
    func longitudeOutOfRange() throws {
        let e = try #require(Self.decodeError(Array("<gpx>\n<wpt lat=\"1\" lon=\"190\"/></gpx>".utf8)))
        #expect(e.code == .parse && e.message.hasPrefix("t.gpx:2:") && e.message.contains("longitude 190.0 is outside [-180, 180]"), "\(e.message)")
        #expect(try GPX.decode(Data("<gpx><wpt lat=\"1\" lon=\"180\"/></gpx>".utf8)).waypoints.count == 1)
    }

    @Test("mismatched end tags and text outside the root are errors")
    func wellFormedness() throws {
        let e = try #require(Self.decodeError(Array("<gpx><trk></gpx></trk>".utf8)))
        #expect(e.message.contains("does not close <trk>"), "\(e.message)")
        let t = try #require(Self.decodeError(Array("<gpx></gpx>junk".utf8)))
        #expect(t.message.contains("text after </gpx>"), "\(t.message)")
    }
}
