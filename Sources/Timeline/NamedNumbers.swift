import GeoKernel
import GeoText

/// JSON objects of named numbers, the one reader and writer of the settings that are such
/// objects (the tracking policy's configuration, the travel-mode thresholds): keys are
/// exactly the names given, missing keys take the defaults, an unknown key, a negative
/// value or one that is not a number is a `.parse` error naming the key.
enum NamedNumbers {
    /// The values of `keys` read from `json`, `defaults` where a key is missing; errors
    /// begin with `what` ("tracking policy configuration").
    static func parse(_ json: String, keys: [String], defaults: [Double], what: String) throws(GeoKernelError) -> [Double] {
        func fail(_ why: String) -> GeoKernelError { GeoKernelError(.parse, "\(what): \(why)") }
        let root: MiniJSON.Node
        do {
            root = try MiniJSON.parse(json)
        } catch {
            throw fail("not valid JSON (\(error.message))")
        }
        guard case .object(let members) = root.kind else { throw fail("the top level must be a JSON object") }
        for key in members.map(\.key).sorted() where !keys.contains(key) {
            throw fail("unknown key \"\(key)\" (known keys: " + keys.joined(separator: ", ") + ")")
        }
        var v = defaults
        for (i, key) in keys.enumerated() {
            guard let value = members.first(where: { $0.key == key })?.value else { continue }
            guard case .number(let x) = value.kind else { throw fail("\(key) is \(describe(value)), not a number") }
            guard x >= 0 else { throw fail("\(key) \(x) must not be negative") }
            v[i] = x
        }
        return v
    }

    /// "null", "true", "the string \"80\"", "an array or an object", for messages.
    static func describe(_ node: MiniJSON.Node) -> String {
        switch node.kind {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .string(let s): "the string \"\(s)\""
        case .number(let x): "\(x)"
        case .array, .object: "an array or an object"
        }
    }

    /// An object with every key, one per line, integers without a fraction (reads back equal).
    static func json(keys: [String], values: [Double]) -> String {
        let pairs = zip(keys, values).map { key, x in
            "  \"\(key)\": \(x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)")"
        }
        return "{\n" + pairs.joined(separator: ",\n") + "\n}"
    }
}
