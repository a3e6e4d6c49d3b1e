import GeoKernel

/// Attribute values: entity decoding, UTF-8 validation and numbers.
extension XMLTokenizer {
    /// The value's bytes with entities (&amp; &lt; &gt; &quot; &apos; &#N; &#xH; and the
    /// declared internal entities) replaced and literal tab, CR and LF normalised to spaces
    /// (CR LF counts as one). Valid until the next call. Unknown entities and invalid
    /// character references throw.
    package func decodedValue(_ a: XMLAttribute) throws(GeoKernelError) -> UnsafeRawBufferPointer {
        let raw = bytes(a.value)
        guard a.needsDecoding else { return raw }
        return try decode(raw, what: "attribute '\(text(a.name))'", attribute: true)
    }

    /// The current text (after `.text`) with entities replaced and line ends normalised
    /// (CR LF and CR become LF); CDATA comes back as it is. Valid until the next call.
    package func decodedText() throws(GeoKernelError) -> UnsafeRawBufferPointer {
        let raw = bytes(textRange)
        if textIsCDATA || !raw.contains(where: { $0 == UInt8(ascii: "&") || $0 == 0x0D }) { return raw }
        return try decode(raw, what: "text", attribute: false)
    }

    /// The current text as a string (always valid UTF-8: the input is validated).
    package func textString() throws(GeoKernelError) -> String {
        String(decoding: try decodedText(), as: UTF8.self)
    }

    /// Decodes references and line ends of `raw` into `valueScratch`.
    func decode(_ raw: UnsafeRawBufferPointer, what: @autoclosure () -> String, attribute: Bool)
        throws(GeoKernelError) -> UnsafeRawBufferPointer
    {
        var out = valueScratch.prefix(Swift.max(raw.count, 16))
        var n = 0
        func emit(_ bytes: UnsafeRawBufferPointer) {
            if n + bytes.count > out.count {
                out = valueScratch.prefix(Swift.max(2 * out.count, n + bytes.count), preserving: true)
            }
            UnsafeMutableRawBufferPointer(rebasing: out[n..<(n + bytes.count)]).copyMemory(from: bytes)
            n += bytes.count
        }
        func emit(_ byte: UInt8) { withUnsafeBytes(of: byte) { emit($0) } }
        var i = 0
        while i < raw.count {
            let b = raw[i]
            i += 1
            switch b {
            case UInt8(ascii: "&"):
                guard let semicolon = raw[i...].prefix(64).firstIndex(of: UInt8(ascii: ";")) else {
                    throw error("an '&' in \(what()) starts no entity (write &amp;)")
                }
                let entity = UnsafeRawBufferPointer(rebasing: raw[i..<semicolon])
                i = semicolon + 1
                if entity.first == UInt8(ascii: "#") {
                    let scalar = try characterReference(UnsafeRawBufferPointer(rebasing: entity.dropFirst()), what())
                    for unit in UTF8.encode(scalar)! { emit(unit) }
                } else if let predefined = Self.predefined(entity) {
                    emit(predefined)
                } else {
                    let value = try expansion(of: entity, in: what())
                    value.withUnsafeBytes { emit($0) }
                }
            case 0x0D:
                if i < raw.count && raw[i] == 0x0A { i += 1 }
                emit(attribute ? 0x20 : 0x0A)
            case 0x09, 0x0A:
                emit(attribute ? 0x20 : b)
            default:
                emit(b)
            }
        }
        return UnsafeRawBufferPointer(rebasing: out[..<n])
    }

    /// The character of a predefined entity (amp, lt, gt, quot, apos), or nil.
    static func predefined(_ name: UnsafeRawBufferPointer) -> UInt8? {
        switch String(decoding: name, as: UTF8.self) {
        case "amp": UInt8(ascii: "&")
        case "lt": UInt8(ascii: "<")
        case "gt": UInt8(ascii: ">")
        case "quot": UInt8(ascii: "\"")
        case "apos": UInt8(ascii: "'")
        default: nil
        }
    }

    /// The replacement bytes of a declared internal entity, counted against the expansion
    /// budget (1 MiB + 8 × the input read so far).
    func expansion(of name: UnsafeRawBufferPointer, in what: String) throws(GeoKernelError) -> [UInt8] {
        let key = Array(name)
        guard let value = entities[key] else {
            let shown = String(decoding: name, as: UTF8.self)
            if externalEntities.contains(key) {
                throw error("the external entity '&\(shown);' in \(what) is not supported")
            }
            throw error("unknown entity '&\(shown);' in \(what)")
        }
        expandedBytes += value.count
        let budget = (1 << 20) + 8 * inputOffset
        guard expandedBytes <= budget else {
            throw error("entity expansion exceeds its limit: \(expandedBytes) bytes produced by byte offset \(inputOffset) (at most 1 MiB + 8 × the input read)")
        }
        return value
    }

    /// `&#NNN;` or `&#xHH;` (the part after '#'): a character XML allows.
    func characterReference(
        _ digits: UnsafeRawBufferPointer, _ what: String
    ) throws(GeoKernelError) -> Unicode.Scalar {
        var hex = false
        var d = digits[...]
        if d.first == UInt8(ascii: "x") {
            hex = true
            d = d.dropFirst()
        }
        var value: UInt32 = 0
        for b in d {
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: digit = .max
            }
            guard digit != .max, value <= 0x10FFFF else { value = .max; break }
            value = value * (hex ? 16 : 10) + digit
        }
        let allowed = value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
        guard !d.isEmpty, allowed, let scalar = Unicode.Scalar(value) else {
            let reference = String(decoding: digits, as: UTF8.self)
            throw error("invalid character reference '&#\(reference);' in \(what)")
        }
        return scalar
    }

    /// The value as a string; invalid UTF-8 throws (nothing is replaced silently).
    package func string(_ a: XMLAttribute) throws(GeoKernelError) -> String {
        let v = try decodedValue(a)
        guard let s = String(validating: v.assumingMemoryBound(to: UInt8.self), as: UTF8.self) else {
            throw error("the value of attribute '\(text(a.name))' of <\(text(name))> is not valid UTF-8")
        }
        return s
    }

    /// The value as a decimal 64-bit integer (optional '-'); anything else throws.
    package func int64(_ a: XMLAttribute) throws(GeoKernelError) -> Int64 {
        let v = try decodedValue(a)
        var i = 0
        let negative = v.first == UInt8(ascii: "-")
        if negative { i = 1 }
        var value: Int64 = 0
        var ok = i < v.count && v.count - i <= 19
        while ok && i < v.count {
            let digit = Int64(v[i]) - 48
            guard digit >= 0 && digit <= 9 else { ok = false; break }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = negative ? m.subtractingReportingOverflow(digit) : m.addingReportingOverflow(digit)
            guard !o1 && !o2 else { ok = false; break }
            value = s
            i += 1
        }
        guard ok else {
            let shown = String(decoding: v.prefix(40), as: UTF8.self)
            throw error("attribute '\(text(a.name))' of <\(text(name))> is not an integer: '\(shown)'")
        }
        return value
    }

    /// The value as a decimal number, parsed by the standard library's `Double(String)`
    /// after checking it uses only digits, sign, '.' and exponent characters (so "nan",
    /// "inf" and hexadecimal floats are refused).
    package func double(_ a: XMLAttribute) throws(GeoKernelError) -> Double {
        let v = try decodedValue(a)
        let plain = !v.isEmpty && v.count <= 40 && v.allSatisfy { b in
            (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
                || b == UInt8(ascii: "+") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
        }
        guard plain, let x = Double(String(decoding: v, as: UTF8.self)) else {
            let shown = String(decoding: v.prefix(40), as: UTF8.self)
            throw error("attribute '\(text(a.name))' of <\(text(name))> is not a number: '\(shown)'")
        }
        return x
    }

    /// The first attribute named `literal`, or nil.
    @inline(__always)
    package func attribute(_ literal: StaticString) -> XMLAttribute? {
        for a in attributes where matches(a.name, literal) { return a }
        return nil
    }
}
