/// The one JSON writer: every module that writes JSON text (GeoJSON output of the facades
/// and GeoFormats, routing profiles, the tool) goes through it.
///
/// Two layouts: `.compact` (no whitespace at all: `{"a":1,"b":[true,null]}`) and
/// `.indented` (two-space indentation, one member or item per line, `"key": value`).
/// Members are written in the order given (callers sort keys when they want a canonical
/// text). Numbers use `JSONLiteral.number`: shortest round-trip digits, so `MiniJSON.parse`
/// reads back the same `Double`; a non-finite number (which JSON cannot express) is `null`.
///
/// Usage: `beginObject()`, then per member `key("k")` followed by exactly one value
/// (`string`, `number`, `integer`, `bool`, `null`, or `beginObject`/`beginArray` …
/// `end…`), then `endObject()`; `member(_:_:)` writes a key and a scalar in one call.
/// Thread safety: a value; use one per thread. Complexity: O(size of the output).
package struct JSONWriter {
    /// The layout of the text.
    package enum Layout: Sendable {
        case compact
        case indented
    }

    package private(set) var text = ""
    private let layout: Layout
    private var indent = 0
    /// One flag per open container: true until its first item is written.
    private var isFirst: [Bool] = []
    /// True right after `key(_:)`: the value follows the key directly.
    private var afterKey = false

    package init(_ layout: Layout = .indented) { self.layout = layout }

    private mutating func startItem() {
        if afterKey {
            afterKey = false
            return
        }
        guard let first = isFirst.last else { return }
        isFirst[isFirst.count - 1] = false
        switch layout {
        case .compact: if !first { text += "," }
        case .indented:
            text += first ? "\n" : ",\n"
            text += String(repeating: "  ", count: indent)
        }
    }

    package mutating func beginObject() { open("{") }
    package mutating func beginArray() { open("[") }
    package mutating func endObject() { close("}") }
    package mutating func endArray() { close("]") }

    private mutating func open(_ bracket: String) {
        startItem()
        text += bracket
        indent += 1
        isFirst.append(true)
    }

    private mutating func close(_ bracket: String) {
        indent -= 1
        let wasEmpty = isFirst.removeLast()
        if !wasEmpty && layout == .indented { text += "\n" + String(repeating: "  ", count: indent) }
        text += bracket
    }

    /// Writes `"key":` as the next member of the open object; follow with one value.
    package mutating func key(_ key: String) {
        startItem()
        text += JSONLiteral.string(key)
        text += layout == .compact ? ":" : ": "
        afterKey = true
    }

    package mutating func string(_ s: String) {
        startItem()
        text += JSONLiteral.string(s)
    }

    package mutating func bool(_ b: Bool) {
        startItem()
        text += b ? "true" : "false"
    }

    package mutating func null() {
        startItem()
        text += "null"
    }

    package mutating func number(_ x: Double) {
        startItem()
        text += JSONLiteral.number(x)
    }

    package mutating func integer(_ n: Int) {
        startItem()
        text += String(n)
    }

    /// `"key":"value"`.
    package mutating func member(_ key: String, _ value: String) {
        self.key(key)
        string(value)
    }

    /// `"key":number` (`null` when not finite).
    package mutating func member(_ key: String, _ value: Double) {
        self.key(key)
        number(value)
    }

    /// `"key":integer`.
    package mutating func member(_ key: String, _ value: Int) {
        self.key(key)
        integer(value)
    }

    /// `"key":true` or `false`.
    package mutating func member(_ key: String, _ value: Bool) {
        self.key(key)
        bool(value)
    }

    /// `"key":number`, or `"key":null` when `value` is nil.
    package mutating func member(_ key: String, _ value: Double?) {
        self.key(key)
        if let value { number(value) } else { null() }
    }

    /// `"key":integer`, or `"key":null` when `value` is nil.
    package mutating func member(_ key: String, _ value: Int?) {
        self.key(key)
        if let value { integer(value) } else { null() }
    }

    /// `"key":"value"`, or `"key":null` when `value` is nil.
    package mutating func member(_ key: String, _ value: String?) {
        self.key(key)
        if let value { string(value) } else { null() }
    }

    /// `[longitude,latitude]`: a GeoJSON position (RFC 7946 §3.1.1), degrees.
    package mutating func position(longitude: Double, latitude: Double) {
        beginArray()
        number(longitude)
        number(latitude)
        endArray()
    }
}
