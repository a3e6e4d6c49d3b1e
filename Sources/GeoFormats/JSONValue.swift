/// A JSON value, for GeoJSON `properties` and `id` members, which may hold anything.
///
/// Thread safety: a value; `Sendable`. C twin: none (the C ABI does not read files).
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (as a double).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// The string, if this is a string.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    /// The number, if this is a number.
    public var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    /// The members, if this is an object.
    public var objectValue: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
    /// `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `.number`.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// `.number`.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `.null`.
    public init(nilLiteral: ()) { self = .null }
}
