import Foundation

/// Number formatting for the tool's output.
enum Format {
    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
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
    static func bearing(_ degrees: Double) -> Double {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d < 0 { d += 360 }
        return d == 360 ? 0 : d
    }
}

/// `--format text|json` of the commands that print figures: text for people, one JSON
/// object for programs (metres and degrees, full precision).
enum TextOrJSON: String, CaseInsensitiveChoice {
    case text, json
}
