import GeoKernel

/// Parsing the inside of a tag once the tokenizer holds all of it.
extension XMLTokenizer {
    static var maxAttributes: Int { 256 }

    @inline(__always)
    package static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D
    }

    /// Parses `<name attr="value" ...>` or `.../>` from the tag start up to `end` (the '>').
    /// Returns whether the tag is self-closing.
    func parseStartTag(end: Int) throws(GeoKernelError) -> Bool {
        let buffer = self.buffer
        var i = tagStartIndex + 1
        name = try parseName(&i, end: end, what: "element")
        attributes.removeAll(keepingCapacity: true)
        while true {
            let spaceStart = i
            while i < end && Self.isSpace(buffer[i]) { i += 1 }
            if i == end { return false }
            if buffer[i] == UInt8(ascii: "/") {
                guard i + 1 == end else { throw error("unexpected '/' inside <\(text(name))>") }
                return true
            }
            guard i > spaceStart else { throw error("attributes of <\(text(name))> must be separated by whitespace") }
            let attributeName = try parseName(&i, end: end, what: "attribute")
            while i < end && Self.isSpace(buffer[i]) { i += 1 }
            guard i < end, buffer[i] == UInt8(ascii: "=") else {
                throw error("attribute '\(text(attributeName))' of <\(text(name))> has no '=' and value")
            }
            i += 1
            while i < end && Self.isSpace(buffer[i]) { i += 1 }
            guard i < end, buffer[i] == UInt8(ascii: "\"") || buffer[i] == UInt8(ascii: "'") else {
                throw error("the value of attribute '\(text(attributeName))' of <\(text(name))> is not quoted")
            }
            let quote = buffer[i]
            i += 1
            let valueStart = i
            var special = false
            while i < end && buffer[i] != quote {
                let b = buffer[i]
                if b == UInt8(ascii: "<") {
                    throw error("'<' in the value of attribute '\(text(attributeName))' (write &lt;)")
                }
                if b == UInt8(ascii: "&") || b == 0x09 || b == 0x0A || b == 0x0D { special = true }
                i += 1
            }
            guard i < end else { throw error("the value of attribute '\(text(attributeName))' is not closed") }
            attributes.append(XMLAttribute(name: attributeName, value: valueStart..<i, needsDecoding: special))
            i += 1
            guard attributes.count <= Self.maxAttributes else {
                throw error("<\(text(name))> has more than \(Self.maxAttributes) attributes")
            }
        }
    }

    /// Parses `</name>` (whitespace allowed before '>').
    func parseEndTag(end: Int) throws(GeoKernelError) {
        var i = tagStartIndex + 2
        name = try parseName(&i, end: end, what: "element")
        while i < end && Self.isSpace(buffer[i]) { i += 1 }
        guard i == end else { throw error("unexpected characters in the end tag </\(text(name))>") }
    }

    /// A name: the bytes up to whitespace, '=', '/' or `end`; non-empty, valid UTF-8.
    private func parseName(_ i: inout Int, end: Int, what: String) throws(GeoKernelError) -> Range<Int> {
        let start = i
        var high: UInt8 = 0
        while i < end {
            let b = buffer[i]
            if Self.isSpace(b) || b == UInt8(ascii: "=") || b == UInt8(ascii: "/") { break }
            high |= b
            i += 1
        }
        guard i > start else { throw error("an \(what) name is missing") }
        if high >= 0x80,
            String(validating: bytes(start..<i).assumingMemoryBound(to: UInt8.self), as: UTF8.self) == nil
        {
            throw error("an \(what) name is not valid UTF-8")
        }
        return start..<i
    }

    /// The bytes of a range as text, for messages only (invalid UTF-8 shows as U+FFFD).
    package func text(_ r: Range<Int>) -> String {
        String(decoding: bytes(r.lowerBound..<Swift.min(r.upperBound, r.lowerBound + 64)), as: UTF8.self)
    }

    /// Whether a range's bytes equal `literal`.
    @inline(__always)
    package func matches(_ r: Range<Int>, _ literal: StaticString) -> Bool {
        guard r.count == literal.utf8CodeUnitCount else { return false }
        return bytes(r).elementsEqual(UnsafeRawBufferPointer(start: literal.utf8Start, count: r.count))
    }
}
