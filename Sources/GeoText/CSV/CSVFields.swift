/// Splitting one CSV line into fields (RFC 4180 quoting: double quotes protect
/// separators, `""` inside quotes is a quote), on bytes. The one splitter for the gazetteer
/// and the point readers.
package enum CSVFields {
    /// The fields of `line` separated by `separator` (a byte such as `,` or `;`).
    ///
    /// - Complexity: O(line length); lines without a quote are split without copying.
    package static func split(_ line: ArraySlice<UInt8>, separator: UInt8) -> [ArraySlice<UInt8>] {
        let quote = UInt8(ascii: "\"")
        guard line.contains(quote) else { return line.split(separator: separator, omittingEmptySubsequences: false) }
        var out: [ArraySlice<UInt8>] = []
        var field: [UInt8] = []
        var quoted = false
        var i = line.startIndex
        while i < line.endIndex {
            let c = line[i]
            if quoted {
                if c == quote {
                    if i + 1 < line.endIndex && line[i + 1] == quote { field.append(quote); i += 1 } else { quoted = false }
                } else {
                    field.append(c)
                }
            } else if c == quote {
                quoted = true
            } else if c == separator {
                out.append(field[...])
                field = []
            } else {
                field.append(c)
            }
            i += 1
        }
        out.append(field[...])
        return out
    }
}
