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
/// \since 0.5
public struct DirectionsLanguage: Sendable, Hashable, CustomStringConvertible {
    /// Its row in the built-in tables (a plain value: copies cost nothing).
    private let index: UInt8

    private static let codes = ["en", "de", "fr", "es", "it"]
    private static let names = ["English", "German", "French", "Spanish", "Italian"]
    private static let tables: [Phrasebook] = [.english, .german, .french, .spanish, .italian]

    /// The ISO 639-1 code: "en", "de", "fr", "es", "it".
    public var code: String { Self.codes[Int(index)] }
    /// The language's name in English ("German").
    public var name: String { Self.names[Int(index)] }
    var phrases: Phrasebook { Self.tables[Int(index)] }
    public var description: String { code }

    public static let english = DirectionsLanguage(index: 0)
    public static let german = DirectionsLanguage(index: 1)
    public static let french = DirectionsLanguage(index: 2)
    public static let spanish = DirectionsLanguage(index: 3)
    public static let italian = DirectionsLanguage(index: 4)

    /// Every built-in language, English first.
    public static let all: [DirectionsLanguage] = [.english, .german, .french, .spanish, .italian]

    /// The built-in language with this code (case-insensitive; a region such as "de-CH"
    /// or "fr_BE" selects the language).
    ///
    /// - Throws: `.invalidArgument` naming the code and the languages there are.
    /// - Complexity: O(1).
    public init(code: String) throws(GeoKernelError) {
        var base = ""
        for c in code.utf8 {
            if c == UInt8(ascii: "-") || c == UInt8(ascii: "_") { break }
            // ASCII only: a language code is two letters (no Unicode case tables linked in).
            base.unicodeScalars.append(Unicode.Scalar(c >= 65 && c <= 90 ? c + 32 : c))
        }
        guard let found = Self.codes.firstIndex(of: base) else {
            throw .invalid("no directions in language \"\(code)\": one of \(Self.codes.joined(separator: ", "))")
        }
        self.init(index: UInt8(found))
    }

    private init(index: UInt8) { self.index = index }

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

/// The values of a phrase template's `{key}` slots (see `Phrasebook`).
struct Slots {
    var road = "", dir = "", dest = "", exit = "", dist = "", a = "", b = "", time = ""
}

/// Fills the `{key}` slots of a phrase template; an unknown key stays as written.
func fill(_ template: String, _ v: Slots) -> String {
    var out = "", key = "", inKey = false
    for c in template {
        if inKey {
            if c == "}" {
                switch key {
                case "road": out += v.road
                case "dir": out += v.dir
                case "dest": out += v.dest
                case "exit": out += v.exit
                case "dist": out += v.dist
                case "a": out += v.a
                case "b": out += v.b
                case "time": out += v.time
                default: out += "{" + key + "}"
                }
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
