import GeoKernel
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
        #expect(JSONWriter.quoted("a\"\\\n\u{1F}é") == #""a\"\\\n\u001fé""#)
        for x in [0.1, 1e-7, 96.56064, 1e300, Double.leastNonzeroMagnitude, 123456789.123] {
            var w = JSONWriter()
            w.number(x)
            let node = try MiniJSON.parse(w.text)
            guard case .number(let y) = node.kind else { Issue.record("not a number"); continue }
            #expect(y == x)
        }
    }

    @Test("locations count lines and Unicode scalars")
    func location() {
        #expect(MiniJSON.location(of: 0, in: "x") == "line 1, column 1")
        #expect(MiniJSON.location(of: 5, in: "ab\ncd") == "line 2, column 3")
        #expect(MiniJSON.location(of: 3, in: "éa") == "line 1, column 3")
    }
}
