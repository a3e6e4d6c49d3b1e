/// JSON number and string literals (RFC 8259), without Foundation: the one place every
/// module that writes JSON text by hand (facades' GeoJSON output, GeoFormats, the tool)
/// gets its escaping and number formatting from. Package-internal, not API.
///
/// Thread safety: pure functions. Complexity: O(length).
package enum JSONLiteral {
    /// Shortest round-trip digits; integral values below 1e15 without a fraction;
    /// non-finite values (not representable in JSON) as `null`.
    package static func number(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if x == x.rounded(.towardZero), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    /// A quoted JSON string: quotes, backslashes and control characters escaped.
    package static func string(_ text: String) -> String {
        var out = "\""
        for u in text.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
