import GeoKernel

extension MiniJSON.Reader {
    /// Reads a string starting at the opening quote; decodes escapes (RFC 8259 §7).
    mutating func string() throws(GeoKernelError) -> String {
        let start = index
        index += 1  // "
        var out: [UInt8] = []
        while true {
            guard let b = current else { throw error("unterminated string", at: start) }
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &out)
            case 0x00..<0x20:
                throw error("raw control character in a string (escape it)")
            default:
                out.append(b)
                index += 1
            }
        }
    }

    private mutating func escape(into out: inout [UInt8]) throws(GeoKernelError) {
        guard let e = current else { throw error("unterminated escape") }
        index += 1
        switch e {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            let escapeStart = index - 2
            var code = try hex4()
            if (0xD800..<0xDC00).contains(code) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("lone high surrogate in \\u escape", at: escapeStart) }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw error("high surrogate not followed by a low surrogate", at: escapeStart)
                }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(code) {
                throw error("lone low surrogate in \\u escape", at: escapeStart)
            }
            guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape", at: escapeStart) }
            UTF8.encode(scalar) { out.append($0) }
        default:
            throw error("invalid escape '\\\(Unicode.Scalar(e))'", at: index - 2)
        }
    }

    private mutating func hex4() throws(GeoKernelError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let b = current else { throw error("unterminated \\u escape") }
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw error("expected 4 hexadecimal digits in \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
