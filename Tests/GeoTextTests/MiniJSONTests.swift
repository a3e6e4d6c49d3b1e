import GeoKernel
import GeoText
import Testing

@Suite("MiniJSON: the strict JSON reader")
struct MiniJSONTests {
    static func parses(_ text: String) -> Bool { (try? MiniJSON.parse(text)) != nil }

    @Test("strings: escapes and surrogate pairs decode")
    func strings() throws {
        let node = try MiniJSON.parse(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u4e2d", "\ud83d\udeb2", "vélo"]"#)
        guard case .array(let items) = node.kind else { Issue.record("not an array"); return }
        var texts: [String] = []
        for item in items { if case .string(let s) = item.kind { texts.append(s) } }
        #expect(texts == ["a\"b\\c/d\u{08}\u{0C}\n\r\t", "é中", "🚲", "vélo"])
    }

    @Test("valid documents", arguments: [
        "0", "-0", "-1.5e+10", "1E-3", "true", "false", "null", #""""#, "[]", "{}", " [1, [2, [3]]] ",
        #"{"a": {"b": [null, true]}}"#, "\t\r\n{}\n",
    ])
    func valid(text: String) { #expect(Self.parses(text)) }

    @Test("invalid documents are refused", arguments: [
        "", "01", "1.", ".5", "+1", "-", "1e", "NaN", "Infinity", "tru", "nul", "[1,]", "{\"a\":1,}", "{a:1}",
        "'a'", "\"\u{01}\"", #""\x""#, #""\u12""#, #""\ud800""#, #""\udc00""#, #""\ud800\u0041""#,
        "[1 2]", "{\"a\" 1}", "\u{FEFF}{}", "[", "{\"a\":", "\"abc",
    ])
    func invalid(text: String) {
        #expect(throws: GeoKernelError.self) { try MiniJSON.parse(text) }
    }

    @Test("nesting deeper than the limit is an error, not a stack overflow")
    func depth() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: GeoKernelError.self) { try MiniJSON.parse(deep) }
        let ok = String(repeating: "[", count: MiniJSON.maximumDepth) + String(repeating: "]", count: MiniJSON.maximumDepth)
        #expect(Self.parses(ok))
    }

    @Test("the writer escapes what it must and numbers read back exactly")
    func writer() throws {
        #expect(JSONLiteral.string("a\"\\\n\u{1F}é") == #""a\"\\\n\u001fé""#)
        for x in [0.1, 1e-7, 96.56064, 1e300, Double.leastNonzeroMagnitude, 123456789.123] {
            var w = JSONWriter()
            w.number(x)
            let node = try MiniJSON.parse(w.text)
            guard case .number(let y) = node.kind else { Issue.record("not a number"); continue }
            #expect(y == x)
        }
    }

    @Test("the compact and the indented layouts write the same members in the order given")
    func layouts() throws {
        func document(_ layout: JSONWriter.Layout) -> String {
            var w = JSONWriter(layout)
            w.beginObject()
            w.member("b", 1.5)
            w.member("a", "x")
            w.member("n", Int?.none)
            w.key("list")
            w.beginArray()
            w.bool(true)
            w.null()
            w.position(longitude: 7.5, latitude: 43)
            w.endArray()
            w.key("empty")
            w.beginObject()
            w.endObject()
            w.endObject()
            return w.text
        }
        #expect(document(.compact) == #"{"b":1.5,"a":"x","n":null,"list":[true,null,[7.5,43]],"empty":{}}"#)
        #expect(document(.indented) == """
            {
              "b": 1.5,
              "a": "x",
              "n": null,
              "list": [
                true,
                null,
                [
                  7.5,
                  43
                ]
              ],
              "empty": {}
            }
            """)
        let compact = try MiniJSON.parse(document(.compact)), indented = try MiniJSON.parse(document(.indented))
        guard case .object(let c) = compact.kind, case .object(let i) = indented.kind else {
            Issue.record("not objects")
            return
        }
        #expect(c.map(\.key) == ["b", "a", "n", "list", "empty"] && i.map(\.key) == c.map(\.key))
    }

    @Test("bytes that are not UTF-8 are refused with their place; a byte-order mark is skipped")
    func utf8Bytes() throws {
        for bad: [UInt8] in [[0x22, 0xFF, 0x22], [0x5B, 0x22, 0xC3, 0x22, 0x5D], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82]] {
            #expect {
                try MiniJSON.parse(bytes: bad)
            } throws: { error in
                (error as? GeoKernelError)?.message.contains("invalid UTF-8") == true
            }
        }
        let withMark = try MiniJSON.parse(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"é":1}"#.utf8))
        guard case .object(let members) = withMark.kind else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["é"])
    }

    @Test("locations count lines and Unicode scalars")
    func location() {
        #expect(MiniJSON.location(of: 0, in: "x") == "line 1, column 1")
        #expect(MiniJSON.location(of: 5, in: "ab\ncd") == "line 2, column 3")
        #expect(MiniJSON.location(of: 3, in: "éa") == "line 1, column 3")
    }
}
