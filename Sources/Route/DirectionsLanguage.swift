import GeoKernel

/// The language directions are written in: every sentence of a step, the directions'
/// titles and their distances come from this language's phrase table; the fields
/// underneath (`RouteStep.maneuver`, `modifier`, `exitNumber`, roads, distances) are the
/// same in every language.
///
/// Built in: English (`en`, the default), German (`de`), French (`fr`), Spanish (`es`) and
/// Italian (`it`). Ordinals and articles follow each language ("take the 2nd exit",
/// "Nehmen Sie im Kreisverkehr die 2. Ausfahrt", "Au rond-point, prenez la 2e sortie",
/// "En la rotonda, tome la 2.ª salida", "Alla rotonda, prendi la 2ª uscita"); distances use
/// its decimal separator ("12.3 km", "12,3 km").
///
/// Thread safety: a value; `Sendable`. C twin: the `language` argument of
/// `gk_route_set_language` ("en", "de", "fr", "es", "it").
/// - Since: 0.5
public struct DirectionsLanguage: Sendable, Hashable, CustomStringConvertible {
    /// The ISO 639-1 code: "en", "de", "fr", "es", "it".
    public let code: String
    /// The language's name in English ("German").
    public let name: String
    let phrases: Phrasebook

    public static func == (a: DirectionsLanguage, b: DirectionsLanguage) -> Bool { a.code == b.code }
    public func hash(into h: inout Hasher) { h.combine(code) }
    public var description: String { code }

    public static let english = DirectionsLanguage(code: "en", name: "English", phrases: .english)
    public static let german = DirectionsLanguage(code: "de", name: "German", phrases: .german)
    public static let french = DirectionsLanguage(code: "fr", name: "French", phrases: .french)
    public static let spanish = DirectionsLanguage(code: "es", name: "Spanish", phrases: .spanish)
    public static let italian = DirectionsLanguage(code: "it", name: "Italian", phrases: .italian)

    /// Every built-in language, English first.
    public static let all: [DirectionsLanguage] = [.english, .german, .french, .spanish, .italian]

    /// The built-in language with this code (case-insensitive; a region such as "de-CH"
    /// or "fr_BE" selects the language).
    ///
    /// - Throws: `.invalidArgument` naming the code and the languages there are.
    /// - Complexity: O(1).
    public init(code: String) throws(GeoKernelError) {
        var base = ""
        for c in code.unicodeScalars {
            if c == "-" || c == "_" { break }
            base.unicodeScalars.append(c.properties.lowercaseMapping.unicodeScalars.first ?? c)
        }
        guard let found = Self.all.first(where: { $0.code == base }) else {
            throw .invalid(
                "no directions in language \"\(code)\": one of \(Self.all.map(\.code).joined(separator: ", "))")
        }
        self = found
    }

    private init(code: String, name: String, phrases: Phrasebook) {
        self.code = code
        self.name = name
        self.phrases = phrases
    }

    /// A distance for directions: whole metres below 100 m, tens of metres below 1 km,
    /// kilometres with one decimal from there ("7 m", "450 m", "12.3 km" or "12,3 km").
    ///
    /// - Complexity: O(1). Non-finite or negative input gives "0 m".
    public func distance(_ meters: Double) -> String {
        let text = RouteStep.formatDistance(meters)
        guard phrases.decimalComma else { return text }
        return String(text.map { $0 == "." ? "," : $0 })
    }
}

/// Fills `{key}` slots of a phrase template.
@inline(__always)
func fill(_ template: String, _ values: [String: String]) -> String {
    var out = "", key = "", inKey = false
    for c in template {
        if inKey {
            if c == "}" {
                out += values[key] ?? "{\(key)}"
                key = ""
                inKey = false
            } else {
                key.append(c)
            }
        } else if c == "{" {
            inKey = true
        } else {
            out.append(c)
        }
    }
    return out
}
