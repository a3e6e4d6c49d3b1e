import GeoKernel
import OpenStreetMap
import Testing

@Suite("OSMReader on hand-written XML")
struct OSMReaderXMLTests {
    typealias F = OSMReaderFixture

    /// Reads `text` expecting a `.parse` error whose message names `line` and contains `fragment`.
    func expectParseError(
        _ text: String, line: Int, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectParseError(Array(text.utf8), line: line, fragment, sourceLocation: sourceLocation)
    }

    func expectParseError(
        _ bytes: [UInt8], line: Int, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let e = F.error(bytes: bytes, format: .xml) else {
            Issue.record("no error", sourceLocation: sourceLocation)
            return
        }
        #expect(e.code == .parse, sourceLocation: sourceLocation)
        #expect(e.message.hasPrefix("line \(line), byte offset "), "\(e.message)", sourceLocation: sourceLocation)
        #expect(e.message.contains(fragment), "\(e.message)", sourceLocation: sourceLocation)
    }

    @Test("Entities, both quote styles, comments and self-closing and open tags are read")
    func wellFormed() throws {
        let text = """
            \u{FEFF}<?xml version='1.0' encoding='UTF-8'?>
            <!-- a comment with <tags> & ampersands -->
            <!DOCTYPE osm>
            <osm version="0.6" generator='hand'>
              <bounds minlat="43.7" minlon="7.4" maxlat="43.8" maxlon="7.5"/>
              <node id="1" lat="43.7" lon='7.42' version="2" user="a &amp; b"/>
              <node id='-2' lat = "-0.5" lon="1e1" >
                <tag k="name" v='Caf&#233; &quot;Z&quot; &lt;&gt; &apos;x&apos; &#x1F600;'/>
                <!-- between tags -->
                <tag k='quote' v="it's"></tag>
                <tag k="spaces" v="a&#10;b\tc"/>
              </node>
              <way id="10"><nd ref="1"/><nd ref="-2"></nd><tag k="highway" v="residential"/></way>
              <relation id="20">
                <member type="way" ref="10" role="outer"/>
                <member type="node" ref="1"/>
                <tag k="type" v="multipolygon"/>
              </relation>
              <changeset id="5"><tag k="comment" v="ignored"/></changeset>
            </osm>

            """
        let elements = try F.xml(text)
        #expect(elements == [
            .node(OSMNode(id: 1, latitude: 43.7, longitude: 7.42)),
            .node(OSMNode(id: -2, latitude: -0.5, longitude: 10, tags: [
                "name": "Café \"Z\" <> 'x' 😀", "quote": "it's", "spaces": "a\nb c",
            ])),
            .way(OSMWay(id: 10, nodeIDs: [1, -2], tags: ["highway": "residential"])),
            .relation(OSMRelation(id: 20, members: [
                .init(kind: .way, ref: 10, role: "outer"), .init(kind: .node, ref: 1, role: ""),
            ], tags: ["type": "multipolygon"])),
        ])
    }

    @Test("Coordinates are parsed as Double(String) parses them")
    func numbersMatchTheStandardLibrary() throws {
        for text in ["43.7370125", "-89.99999999999999", "7.4220280", "0.1", "1.0000000000000002", "-0"] {
            let elements = try F.xml("<osm><node id='1' lat='\(text)' lon='\(text)'/></osm>")
            guard case .node(let n) = elements.first else { Issue.record("no node"); continue }
            #expect(n.latitude.bitPattern == Double(text)!.bitPattern)
        }
    }

    @Test("A file truncated inside an element names the line where the element opened")
    func truncatedMidElement() {
        expectParseError("<osm>\n<node id='1' lat='1' lon='2'>\n<tag k='a' v='b'/>\n", line: 4, "opened at line 2")
        expectParseError("<osm>\n<node id='1' lat='1' lon='2'>\n<tag k='a' v='b", line: 3, "truncated")
        expectParseError("", line: 1, "no <osm>")
    }

    @Test("An unknown entity is an error naming it and its line")
    func unknownEntity() {
        expectParseError(
            "<osm>\n\n<node id='1' lat='1' lon='2'>\n<tag k='a' v='&nbsp;'/></node></osm>", line: 4, "&nbsp;")
        expectParseError("<osm>\n<node id='1' lat='1' lon='2'><tag k='a' v='&#0;'/></node></osm>", line: 2, "&#0;")
        expectParseError("<osm>\n<node id='1' lat='1' lon='2'><tag k='a' v='a & b'/></node></osm>", line: 2, "'&'")
    }

    @Test("A DOCTYPE with entity declarations is refused")
    func doctypeWithEntities() {
        expectParseError("<?xml version='1.0'?>\n<!DOCTYPE osm [ <!ENTITY x 'y'> ]>\n<osm/>", line: 2, "DOCTYPE")
    }

    @Test("Invalid UTF-8 in a value or a name is an error, not a replacement character")
    func invalidUTF8() {
        var bytes = Array("<osm>\n<node id='1' lat='1' lon='2'>\n<tag k='name' v='ab".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("'/></node></osm>".utf8)
        expectParseError(bytes, line: 3, "not valid UTF-8")
        var named = Array("<osm>\n<node id='1' lat='1' lon='2' ".utf8)
        named += [0xFF]
        named += Array("='x'/></osm>".utf8)
        expectParseError(named, line: 2, "not valid UTF-8")
    }

    @Test("A node without a latitude is an error naming the node")
    func missingLatitude() {
        expectParseError("<osm>\n<node id='1' lat='1' lon='2'/>\n<node id='7' lon='2'/>\n</osm>", line: 3, "node 7")
    }

    @Test("Malformed numbers and out-of-range coordinates are errors")
    func badNumbers() {
        expectParseError("<osm>\n<node id='1' lat='4x3.5' lon='2'/></osm>", line: 2, "not a number")
        expectParseError("<osm>\n<node id='1' lat='nan' lon='2'/></osm>", line: 2, "not a number")
        expectParseError("<osm>\n\n<node id='12a' lat='1' lon='2'/></osm>", line: 3, "not an integer")
        expectParseError("<osm><node id='99999999999999999999' lat='1' lon='2'/></osm>", line: 1, "not an integer")
        expectParseError("<osm>\n<node id='5' lat='91' lon='2'/></osm>", line: 2, "node 5 has latitude 91.0")
        expectParseError("<osm>\n<node id='6' lat='1' lon='-180.5'/></osm>", line: 2, "node 6 has longitude")
    }

    @Test("Mismatched tags, a wrong root and oversized attributes are errors")
    func structure() {
        expectParseError("<osm>\n<way id='1'>\n</node>\n</osm>", line: 3, "does not close <way> opened at line 2")
        expectParseError("<gpx></gpx>", line: 1, "expected <osm>")
        let huge = "<osm><node id='1' lat='1' lon='2'><tag k='a' v='"
            + String(repeating: "x", count: 1 << 20) + "'/></node></osm>"
        expectParseError(huge, line: 1, "longer than 1 MiB")
        expectParseError(
            "<osm>\n<relation id='1'><member type='car' ref='1'/></relation></osm>", line: 2, "unknown type 'car'")
    }
}
