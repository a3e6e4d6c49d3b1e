#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import GeoKernel

/// Number formatting for the tool's output.
enum Format {
    /// `value` with `digits` decimals, as C's `%.*f` writes it (correctly rounded).
    static func fixed(_ value: Double, _ digits: Int) -> String {
        withVaList([Int32(digits), value]) { args in
            let count = Int(vsnprintf(nil, 0, "%.*f", args))
            var buffer = [CChar](repeating: 0, count: count + 1)
            return withVaList([Int32(digits), value]) { again in
                _ = vsnprintf(&buffer, buffer.count, "%.*f", again)
                return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
    }

    /// `text` cut or padded with spaces to `width` characters.
    static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count)
    }

    static func meters(_ m: Double) -> String {
        m >= 10_000 ? "\(fixed(m / 1000, 3)) km" : "\(fixed(m, 3)) m"
    }

    /// A bearing or azimuth in degrees clockwise from north, shown in [0, 360) with
    /// `digits` decimals: -90 → "270.0000"; a value that rounds to 360 shows as 0, and
    /// -0 as 0.
    static func bearing(_ degrees: Double, _ digits: Int) -> String {
        guard degrees.isFinite else { return fixed(degrees, digits) }
        let text = fixed(bearing(degrees), digits)
        if Double(text) == 360 || Double(text) == 0 { return fixed(0, digits) }
        return text
    }

    /// A bearing or azimuth in degrees moved into [0, 360), the tool's one convention.
    static func bearing(_ degrees: Double) -> Double { bearingDegrees(degrees) }
}

/// `--format text|json` of the commands that print figures: text for people, one JSON
/// object for programs (metres and degrees, full precision).
enum TextOrJSON: String, CaseInsensitiveChoice {
    case text, json
}
