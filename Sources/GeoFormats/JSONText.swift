import GeoKernel
import Foundation

/// Conversion between JSON text and `JSONValue`, with errors that name the place.
enum JSONText {
    /// Parses JSON text (RFC 8259) into a `JSONValue` with Foundation's JSONDecoder.
    static func parse(_ data: Data, source: String) throws(GeoKernelError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            throw GeoKernelError(.parse, "\(source): not valid JSON (\(detail ?? context.debugDescription))")
        } catch {
            throw GeoKernelError(.parse, "\(source): not valid JSON (\(error))")
        }
    }

    /// Writes a `JSONValue` as compact JSON text; object keys sorted for stable output.
    static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): writeNumber(n, into: &out)
        case .string(let s): writeString(s, into: &out)
        case .array(let a):
            out += "["
            for (i, v) in a.enumerated() {
                if i > 0 { out += "," }
                write(v, into: &out)
            }
            out += "]"
        case .object(let o):
            out += "{"
            for (i, k) in o.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                writeString(k, into: &out)
                out += ":"
                write(o[k]!, into: &out)
            }
            out += "}"
        }
    }

    static func writeNumber(_ n: Double, into out: inout String) { out += JSONLiteral.number(n) }

    static func writeString(_ s: String, into out: inout String) { out += JSONLiteral.string(s) }
}
