import GeoKernel

/// Attribute values: entity decoding, UTF-8 validation and numbers.
extension OSMXMLTokenizer {
    /// The value's bytes with entities (&amp; &lt; &gt; &quot; &apos; &#N; &#xH;) replaced
    /// and literal tab, CR and LF normalised to spaces (CR LF counts as one). Valid until
    /// the next call. Unknown entities and invalid character references throw.
    func decodedValue(_ a: OSMXMLAttribute) throws(GeoKernelError) -> UnsafeRawBufferPointer {
        let raw = bytes(a.value)
        guard a.needsDecoding else { return raw }
        let out = valueScratch.prefix(raw.count)
        var n = 0
        var i = 0
        while i < raw.count {
            let b = raw[i]
            i += 1
            switch b {
            case UInt8(ascii: "&"):
                guard let semicolon = raw[i...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                    throw error("an '&' in attribute '\(text(a.name))' starts no entity (write &amp;)")
                }
                let entity = UnsafeRawBufferPointer(rebasing: raw[i..<semicolon])
                i = semicolon + 1
                if entity.first == UInt8(ascii: "#") {
                    let scalar = try characterReference(UnsafeRawBufferPointer(rebasing: entity.dropFirst()), a)
                    for unit in UTF8.encode(scalar)! {
                        out[n] = unit
                        n += 1
                    }
                } else {
                    let replacement: UInt8
                    switch String(decoding: entity, as: UTF8.self) {
                    case "amp": replacement = UInt8(ascii: "&")
                    case "lt": replacement = UInt8(ascii: "<")
                    case "gt": replacement = UInt8(ascii: ">")
                    case "quot": replacement = UInt8(ascii: "\"")
                    case "apos": replacement = UInt8(ascii: "'")
                    case let name:
                        throw error("unknown entity '&\(name);' in attribute '\(text(a.name))'")
                    }
                    out[n] = replacement
                    n += 1
                }
            case 0x0D:
                if i < raw.count && raw[i] == 0x0A { i += 1 }
                out[n] = 0x20
                n += 1
            case 0x09, 0x0A:
                out[n] = 0x20
                n += 1
            default:
                out[n] = b
                n += 1
            }
        }
        return UnsafeRawBufferPointer(rebasing: out[..<n])
    }

    /// `&#NNN;` or `&#xHH;` (the part after '#'): a character XML allows.
    private func characterReference(
        _ digits: UnsafeRawBufferPointer, _ a: OSMXMLAttribute
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
            throw error("invalid character reference '&#\(reference);' in attribute '\(text(a.name))'")
        }
        return scalar
    }

    /// The value as a string; invalid UTF-8 throws (nothing is replaced silently).
    func string(_ a: OSMXMLAttribute) throws(GeoKernelError) -> String {
        let v = try decodedValue(a)
        guard let s = String(validating: v.assumingMemoryBound(to: UInt8.self), as: UTF8.self) else {
            throw error("the value of attribute '\(text(a.name))' of <\(text(name))> is not valid UTF-8")
        }
        return s
    }

    /// The value as a decimal 64-bit integer (optional '-'); anything else throws.
    func int64(_ a: OSMXMLAttribute) throws(GeoKernelError) -> Int64 {
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
    func double(_ a: OSMXMLAttribute) throws(GeoKernelError) -> Double {
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
    func attribute(_ literal: StaticString) -> OSMXMLAttribute? {
        for a in attributes where matches(a.name, literal) { return a }
        return nil
    }
}
