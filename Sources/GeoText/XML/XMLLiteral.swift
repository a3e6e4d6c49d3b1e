/// XML text and attribute escaping, without Foundation: the one place the modules that
/// write XML by hand (GPX output, the generated OpenStreetMap sample town) get it from.
/// Package-internal, not API.
///
/// Thread safety: pure functions. Complexity: O(length).
package enum XMLLiteral {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities, safe inside element
    /// text and inside either kind of quoted attribute.
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }
}
