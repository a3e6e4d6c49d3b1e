import GeoKernel

/// The internal subset of a DOCTYPE (`<!DOCTYPE gpx [ ... ]>`): internal general entity
/// declarations are kept for expansion; external ones are remembered (and refused when
/// referenced); parameter entities, element, attribute-list and notation declarations,
/// comments and processing instructions are skipped.
extension XMLTokenizer {
    /// Reads the entity declarations of the DOCTYPE markup in `range` (whole, in the buffer).
    func declareEntities(_ range: Range<Int>) throws(GeoKernelError) {
        let d = bytes(range)
        guard var i = d.firstIndex(of: UInt8(ascii: "[")).map({ $0 + 1 }) else { return }
        func startsWith(_ literal: StaticString) -> Bool {
            let p = UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
            return d.count - i >= p.count && UnsafeRawBufferPointer(rebasing: d[i..<(i + p.count)]).elementsEqual(p)
        }
        func skipSpace() { while i < d.count && Self.isSpace(d[i]) { i += 1 } }
        /// Moves past `terminator`, or throws.
        func skip(past terminator: StaticString, _ what: String) throws(GeoKernelError) {
            let t = UnsafeRawBufferPointer(start: terminator.utf8Start, count: terminator.utf8CodeUnitCount)
            while i + t.count <= d.count {
                if UnsafeRawBufferPointer(rebasing: d[i..<(i + t.count)]).elementsEqual(t) {
                    i += t.count
                    return
                }
                i += 1
            }
            throw error("\(what) in the DOCTYPE is not closed")
        }
        while true {
            skipSpace()
            guard i < d.count else { throw error("the DOCTYPE's internal subset is not closed with ']'") }
            if d[i] == UInt8(ascii: "]") { return }
            if startsWith("<!--") {
                try skip(past: "-->", "a comment")
            } else if startsWith("<?") {
                try skip(past: "?>", "a processing instruction")
            } else if startsWith("<!ENTITY") {
                i += 8
                try declareEntity(d, &i)
            } else if startsWith("<!") {
                try skipDeclaration(d, &i)
            } else if d[i] == UInt8(ascii: "%") {
                try skip(past: ";", "a parameter entity reference")
            } else {
                throw error("unexpected '\(String(decoding: d[i..<Swift.min(i + 12, d.count)], as: UTF8.self))' in the DOCTYPE's internal subset")
            }
        }
    }

    /// `<!ELEMENT ...>`, `<!ATTLIST ...>`, `<!NOTATION ...>`: up to the '>' outside quotes.
    private func skipDeclaration(_ d: UnsafeRawBufferPointer, _ i: inout Int) throws(GeoKernelError) {
        var quote: UInt8 = 0
        while i < d.count {
            let b = d[i]
            i += 1
            if quote != 0 {
                if b == quote { quote = 0 }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                quote = b
            } else if b == UInt8(ascii: ">") {
                return
            }
        }
        throw error("a declaration in the DOCTYPE is not closed")
    }

    /// The rest of `<!ENTITY [%] name ("value" | SYSTEM "uri" | PUBLIC "id" "uri") [NDATA n]>`.
    private func declareEntity(_ d: UnsafeRawBufferPointer, _ i: inout Int) throws(GeoKernelError) {
        func space() -> Bool {
            let start = i
            while i < d.count && Self.isSpace(d[i]) { i += 1 }
            return i > start
        }
        guard space() else { throw error("<!ENTITY needs a space before its name") }
        var parameter = false
        if i < d.count && d[i] == UInt8(ascii: "%") {
            parameter = true
            i += 1
            _ = space()
        }
        let nameStart = i
        while i < d.count && !Self.isSpace(d[i]) && d[i] != UInt8(ascii: ">") && d[i] != UInt8(ascii: "\"")
            && d[i] != UInt8(ascii: "'") { i += 1 }
        let name = Array(d[nameStart..<i])
        guard !name.isEmpty else { throw error("an <!ENTITY declaration has no name") }
        _ = space()
        guard i < d.count else { throw error("the declaration of entity '\(String(decoding: name, as: UTF8.self))' is not closed") }
        var external = false
        var value: [UInt8]?
        if d[i] == UInt8(ascii: "\"") || d[i] == UInt8(ascii: "'") {
            let quote = d[i]
            i += 1
            let start = i
            while i < d.count && d[i] != quote { i += 1 }
            guard i < d.count else { throw error("the value of entity '\(String(decoding: name, as: UTF8.self))' is not closed") }
            let raw = UnsafeRawBufferPointer(rebasing: d[start..<i])
            i += 1
            if !parameter {
                let decoded = try decode(raw, what: "the value of entity '\(String(decoding: name, as: UTF8.self))'", attribute: false)
                guard !decoded.contains(UInt8(ascii: "<")) else {
                    throw error("entity '\(String(decoding: name, as: UTF8.self))' holds markup ('<'), which is not supported")
                }
                value = Array(decoded)
            }
        } else {
            external = true
        }
        try skipDeclaration(d, &i)
        guard !parameter, entities[name] == nil, !externalEntities.contains(name) else { return }  // the first wins (XML 1.0 §4.2)
        if external { externalEntities.insert(name) } else if let value { entities[name] = value }
    }
}
