import GeoKernel

/// Parsing of OpenStreetMap `maxspeed` values into km/h.
///
/// Accepted forms (case-insensitive, surrounding spaces ignored):
/// - a number with an optional unit: `50`, `7.5`, `50 km/h`, `50kmh`, `50 kph` (km/h),
///   `30 mph` (× 1.609344 → 48.28), `10 knots` / `10 kn` (× 1.852);
/// - `none` (no legal limit) → `.unlimited`;
/// - a zone: looked up in `zones` by its exact lowercased text (`fr:urban`), then by the
///   wildcard `*:<rest>` (`xx:rural` → `*:rural`; a bare `walk` → `*:walk`); then the
///   numbered zone forms `DE:zone30`, `DE:zone:30` and `DE:30` give that number (in mph
///   for the countries `GB`, `UK`, `US`, in km/h elsewhere);
/// - several values `50;30` → the lowest limit (`.unlimited` only when all are; parts
///   that do not parse are skipped).
///
/// `signals`, `variable`, empty text, zero, negative or non-finite numbers, comma decimals
/// and any other text give nil: the caller falls back to the road class's default speed.
/// Never traps; texts longer than 100 UTF-8 bytes give nil.
///
/// Thread safety: stateless. C twin: none (used inside `gk_profile_*`).
/// \since 0.2
public enum MaxSpeed {
    /// A parsed speed limit.
    public enum Limit: Sendable, Hashable {
        /// A limit in km/h (finite, > 0).
        case kmh(Double)
        /// `maxspeed=none`: no legal limit.
        case unlimited
    }

    /// Kilometres per statute mile.
    public static let kmPerMile = 1.609344
    /// Kilometres per nautical mile (knots → km/h).
    public static let kmPerNauticalMile = 1.852

    /// Parses a `maxspeed` value; see the type's documentation for the forms.
    /// - Parameters:
    ///   - value: the tag value.
    ///   - zones: zone names (lowercase, `cc:zone` or `*:zone`) → km/h; values that are
    ///     not finite and positive are ignored.
    /// - Returns: the limit, or nil when the value says nothing usable.
    public static func parse(_ value: String, zones: [String: Double] = defaultZonesKmh) -> Limit? {
        guard value.utf8.count <= 100 else { return nil }
        let text = lowercasedASCII(trimmed(Substring(value)))
        if text.contains(";") {
            var best: Limit? = nil
            for part in text.split(separator: ";") {
                guard let limit = single(lowercasedASCII(trimmed(part)), zones: zones) else { continue }
                best = lower(best, limit)
            }
            return best
        }
        return single(text, zones: zones)
    }

    private static func lower(_ a: Limit?, _ b: Limit) -> Limit {
        switch (a, b) {
        case (nil, _), (.unlimited?, _): b
        case (.kmh(let x)?, .kmh(let y)): .kmh(min(x, y))
        case (.kmh?, .unlimited): a!
        }
    }

    private static func single(_ text: String, zones: [String: Double]) -> Limit? {
        if text.isEmpty { return nil }
        if text == "none" { return .unlimited }
        if let first = text.utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") {
            return number(text).map(Limit.kmh)
        }
        if let kmh = usable(zones[text]) { return .kmh(kmh) }
        guard let colon = text.firstIndex(of: ":") else {
            return usable(zones["*:" + text]).map(Limit.kmh)
        }
        let country = text[..<colon]
        let rest = text[text.index(after: colon)...]
        if let kmh = usable(zones["*:" + rest]) { return .kmh(kmh) }
        var digits = rest
        if digits.hasPrefix("zone:") {
            digits = digits.dropFirst(5)
        } else if digits.hasPrefix("zone") {
            digits = digits.dropFirst(4)
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let n = Double(digits), n.isFinite, n > 0
        else { return nil }
        let mph = country == "gb" || country == "uk" || country == "us"
        return .kmh(mph ? n * kmPerMile : n)
    }

    /// `50`, `7.5`, `50 km/h`, `30 mph`, `10 knots` → km/h; nil otherwise.
    private static func number(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            if i == fractionStart { return nil }
        }
        guard let n = Double(String(decoding: bytes[0..<i], as: UTF8.self)), n.isFinite, n > 0 else { return nil }
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") { i += 1 }
        let unit = String(decoding: bytes[i...], as: UTF8.self)
        let kmh: Double
        switch unit {
        case "", "km/h", "kmh", "kph", "kmph": kmh = n
        case "mph", "mp/h": kmh = n * kmPerMile
        case "knots", "knot", "kn", "kt": kmh = n * kmPerNauticalMile
        default: return nil
        }
        return kmh.isFinite && kmh > 0 ? kmh : nil
    }

    private static func usable(_ x: Double?) -> Double? {
        guard let x, x.isFinite, x > 0 else { return nil }
        return x
    }

    private static func trimmed(_ s: Substring) -> Substring {
        var s = s
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return s
    }

    /// Lowercases A–Z only, so the result never depends on the locale or on Unicode tables.
    package static func lowercasedASCII(_ s: Substring) -> String {
        String(decoding: s.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
