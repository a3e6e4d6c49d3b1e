
/// Writes JSON text with a stable layout: two-space indentation, one member or item per
/// line, members in the order given (callers sort keys when they want a canonical text).
/// Numbers use Swift's shortest round-trip form, so `MiniJSON.parse` reads back the same
/// `Double`; a non-finite number (which JSON cannot express) is written as `null`.
///
/// Usage: `beginObject()`, then per member `key("k")` followed by exactly one value
/// (`string`, `number`, `bool`, or `beginObject`/`beginArray` … `end…`), then `endObject()`.
/// Thread safety: a value; use one per thread. Complexity: O(size of the output).
package struct JSONWriter {
    package private(set) var text = ""
    private var indent = 0
    /// One flag per open container: true until its first item is written.
    private var isFirst: [Bool] = []
    /// True right after `key(_:)`: the value goes on the same line.
    private var afterKey = false

    package init() {}

    private mutating func startItem() {
        if afterKey {
            afterKey = false
            return
        }
        guard let first = isFirst.last else { return }
        text += first ? "\n" : ",\n"
        isFirst[isFirst.count - 1] = false
        text += String(repeating: "  ", count: indent)
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
        if !wasEmpty { text += "\n" + String(repeating: "  ", count: indent) }
        text += bracket
    }

    /// Writes `"key": ` as the next member of the open object; follow with one value.
    package mutating func key(_ key: String) {
        startItem()
        text += Self.quoted(key) + ": "
        afterKey = true
    }

    package mutating func string(_ s: String) {
        startItem()
        text += Self.quoted(s)
    }

    package mutating func bool(_ b: Bool) {
        startItem()
        text += b ? "true" : "false"
    }

    package mutating func number(_ x: Double) {
        startItem()
        text += JSONLiteral.number(x)
    }

    /// `s` as a JSON string literal (non-ASCII kept as is, control characters escaped).
    package static func quoted(_ s: String) -> String { JSONLiteral.string(s) }
}
