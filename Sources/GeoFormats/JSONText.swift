import GeoKernel
import GeoText

/// Conversion between JSON text and `JSONValue` through the text layer's one reader
/// (`MiniJSON`) and one writer (`JSONWriter`), with errors that name the source.
enum JSONText {
    /// Parses JSON text (RFC 8259, UTF-8) into a `JSONValue`.
    /// - Throws: `.parse` "<source>: not valid JSON (…line L, column C)".
    static func parse(_ bytes: [UInt8], source: String) throws(GeoKernelError) -> JSONValue {
        do {
            return value(try MiniJSON.parse(bytes: bytes))
        } catch {
            throw GeoKernelError(.parse, "\(source): not valid JSON (\(error.message))")
        }
    }

    private static func value(_ node: MiniJSON.Node) -> JSONValue {
        switch node.kind {
        case .null: .null
        case .bool(let b): .bool(b)
        case .number(let n): .number(n)
        case .string(let s): .string(s)
        case .array(let items): .array(items.map(value))
        case .object(let members):
            .object(Dictionary(uniqueKeysWithValues: members.map { ($0.key, value($0.value)) }))
        }
    }

    /// Writes a `JSONValue`; object keys sorted for stable output.
    static func write(_ value: JSONValue, into w: inout JSONWriter) {
        switch value {
        case .null: w.null()
        case .bool(let b): w.bool(b)
        case .number(let n): w.number(n)
        case .string(let s): w.string(s)
        case .array(let a):
            w.beginArray()
            for v in a { write(v, into: &w) }
            w.endArray()
        case .object(let o):
            w.beginObject()
            for k in o.keys.sorted() {
                w.key(k)
                write(o[k]!, into: &w)
            }
            w.endObject()
        }
    }
}
