/// Trimming ASCII blanks (space, tab, line feed, vertical tab, form feed, carriage return)
/// from both ends of a text: the one trimming of the text readers and the tool, without
/// Foundation's character sets. Other Unicode spaces are kept (they are not blanks in the
/// formats GeoKernel reads).
package extension StringProtocol {
    /// The text without the ASCII blanks at either end. Complexity: O(blanks trimmed).
    func trimmingBlanks() -> SubSequence {
        var s = self[...]
        while let f = s.first, f.isASCIIBlank { s.removeFirst() }
        while let l = s.last, l.isASCIIBlank { s.removeLast() }
        return s
    }
}

extension Character {
    fileprivate var isASCIIBlank: Bool {
        self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\u{0B}" || self == "\u{0C}"
            || self == "\r\n"
    }
}
