import GeoKernel

/// The one JSON reader (RFC 8259), strict and without Foundation: configuration files
/// (routing profiles, the tracking policy's thresholds) and GeoJSON documents.
/// Package-internal, not API.
///
/// Accepts exactly one value (UTF-8 text; a leading byte-order mark is skipped) surrounded
/// by optional whitespace (space, tab, CR, LF):
/// objects, arrays, strings (all escapes, `\uXXXX` with surrogate pairs; lone surrogates
/// and raw control characters are refused), numbers in the RFC grammar (no leading `+`,
/// no leading zeros, no `NaN`/`Infinity`; values that overflow a `Double` are refused),
/// `true`, `false`, `null`. Duplicate keys in one object are refused. Nesting deeper than
/// `maximumDepth` is refused instead of recursing without bound.
///
/// Errors are `GeoKernelError(.parse, …)` naming line and column (both from 1; the column
/// counts Unicode scalars) and, inside an object, the key whose value is malformed.
/// Thread safety: stateless; values are `Sendable`.
/// Complexity: O(n) in the length of the text.
package enum MiniJSON {
    /// The deepest nesting of arrays and objects accepted.
    package static let maximumDepth = 64

    /// A parsed value with the byte offset where it starts (for messages).
    package struct Node: Sendable {
        package enum Kind: Sendable {
            case null
            case bool(Bool)
            case number(Double)
            case string(String)
            case array([Node])
            /// Members in text order (keys are unique).
            case object([Member])
        }
        package var kind: Kind
        /// UTF-8 offset of the value's first byte in the text.
        package var offset: Int
    }

    /// One member of an object.
    package struct Member: Sendable {
        package var key: String
        /// UTF-8 offset of the key's opening quote.
        package var keyOffset: Int
        package var value: Node
    }

    /// Parses `text` into a tree.
    package static func parse(_ text: String) throws(GeoKernelError) -> Node {
        try parse(reading: Array(text.utf8))
    }

    /// Parses UTF-8 bytes into a tree. A byte that is not valid UTF-8 (RFC 3629) is refused
    /// with its line and column, never replaced.
    package static func parse(bytes: [UInt8]) throws(GeoKernelError) -> Node {
        var validator = UTF8Validator()
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let bytes = bytes.starts(with: bom) ? Array(bytes.dropFirst(3)) : bytes
        let invalid = bytes.withUnsafeBytes { validator.firstInvalid($0) }
        if let at = invalid ?? (validator.isInsideSequence ? bytes.count : nil) {
            throw Reader(bytes: bytes).error("invalid UTF-8", at: UTF8Validator.characterStart(of: at, in: bytes))
        }
        return try parse(reading: bytes)
    }

    private static func parse(reading bytes: [UInt8]) throws(GeoKernelError) -> Node {
        var reader = Reader(bytes: bytes)
        reader.skipWhitespace()
        let node = try reader.value(depth: 0)
        reader.skipWhitespace()
        if reader.index < reader.bytes.count { throw reader.error("unexpected text after the JSON value") }
        return node
    }

    /// "line L, column C" for a UTF-8 `offset` in `text`.
    package static func location(of offset: Int, in text: String) -> String {
        var line = 1
        var column = 1
        for (i, b) in text.utf8.enumerated() {
            if i >= offset { break }
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return "line \(line), column \(column)"
    }
}

extension MiniJSON {
    struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func error(_ what: String, at offset: Int? = nil) -> GeoKernelError {
            let text = String(decoding: bytes, as: UTF8.self)
            return GeoKernelError(.parse, "JSON: \(what) at \(MiniJSON.location(of: offset ?? index, in: text))")
        }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let b = current, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { index += 1 }
        }

        mutating func value(depth: Int) throws(GeoKernelError) -> Node {
            guard let b = current else { throw error("unexpected end of text, expected a value") }
            let start = index
            switch b {
            case UInt8(ascii: "{"): return Node(kind: try object(depth: depth + 1), offset: start)
            case UInt8(ascii: "["): return Node(kind: try array(depth: depth + 1), offset: start)
            case UInt8(ascii: "\""): return Node(kind: .string(try string()), offset: start)
            case UInt8(ascii: "t"): try literal("true"); return Node(kind: .bool(true), offset: start)
            case UInt8(ascii: "f"): try literal("false"); return Node(kind: .bool(false), offset: start)
            case UInt8(ascii: "n"): try literal("null"); return Node(kind: .null, offset: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return Node(kind: .number(try number()), offset: start)
            default: throw error("unexpected character, expected a value")
            }
        }

        mutating func literal(_ word: StaticString) throws(GeoKernelError) {
            let start = index
            let count = word.utf8CodeUnitCount
            var i = 0
            while i < count {
                guard index < bytes.count, bytes[index] == word.utf8Start[i] else {
                    throw error("invalid literal, expected \(word)", at: start)
                }
                index += 1
                i += 1
            }
        }

        mutating func object(depth: Int) throws(GeoKernelError) -> Node.Kind {
            if depth > MiniJSON.maximumDepth { throw error("nesting deeper than \(MiniJSON.maximumDepth)") }
            index += 1  // {
            var members: [Member] = []
            var seen = Set<String>()
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw error("expected a string key") }
                let keyStart = index
                let key = try string()
                if !seen.insert(key).inserted { throw error("duplicate key \"\(key)\"", at: keyStart) }
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
                index += 1
                skipWhitespace()
                let member: Node
                do {
                    member = try value(depth: depth)
                } catch {
                    // Name the key whose value is malformed (nested keys read outside in).
                    throw GeoKernelError(error.code, "in \"\(key)\": \(error.message)")
                }
                members.append(Member(key: key, keyOffset: keyStart, value: member))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return .object(members)
                case nil: throw error("unexpected end of text in an object")
                default: throw error("expected ',' or '}' in an object")
                }
            }
        }

        mutating func array(depth: Int) throws(GeoKernelError) -> Node.Kind {
            if depth > MiniJSON.maximumDepth { throw error("nesting deeper than \(MiniJSON.maximumDepth)") }
            index += 1  // [
            var items: [Node] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                skipWhitespace()
                items.append(try value(depth: depth))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return .array(items)
                case nil: throw error("unexpected end of text in an array")
                default: throw error("expected ',' or ']' in an array")
                }
            }
        }

        mutating func digits() -> Int {
            let start = index
            while let b = current, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }

        mutating func number() throws(GeoKernelError) -> Double {
            let start = index
            if current == UInt8(ascii: "-") { index += 1 }
            if current == UInt8(ascii: "0") {
                index += 1
                if let b = current, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                    throw error("leading zero in a number", at: start)
                }
            } else if digits() == 0 {
                throw error("invalid number", at: start)
            }
            if current == UInt8(ascii: ".") {
                index += 1
                if digits() == 0 { throw error("expected digits after '.'", at: start) }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                if digits() == 0 { throw error("expected digits in the exponent", at: start) }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                throw error("number \(text.prefix(40)) is out of range", at: start)
            }
            return value
        }
    }
}
