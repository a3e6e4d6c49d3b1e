/// Calendar arithmetic for UTC timestamps (seconds since 1970-01-01T00:00:00Z), without
/// Foundation, after H. Hinnant's "chrono-compatible low-level date algorithms"
/// (proleptic Gregorian calendar, era-based). Package-internal, not API.
///
/// Thread safety: pure functions. Complexity: O(1).
package enum UTCTime {
    /// Days since 1970-01-01 of a calendar date.
    package static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The calendar date (year, month, day) of a day count since 1970-01-01.
    package static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// The times ISO 8601 writes with a four-digit year: 0000-01-01T00:00:00Z up to, not
    /// including, 10000-01-01T00:00:00Z, in seconds since 1970-01-01T00:00:00Z. File
    /// readers refuse times outside it.
    package static let representable: Range<Double> = -62_167_219_200 ..< 253_402_300_800

    /// The error for a time read from a file outside `representable` or not finite, or nil.
    package static func rangeError(_ seconds: Double) -> GeoKernelError? {
        guard !representable.contains(seconds) else { return nil }
        return .invalid(
            "time \(seconds) s is not finite or outside the years 0000–9999 "
                + "(\(Int64(representable.lowerBound)) ..< \(Int64(representable.upperBound)) s since 1970)")
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, with `fractionDigits` (0…9) decimals of the second,
    /// rounded to nearest, when above 0. Input that is not finite or outside
    /// `representable` gives "invalid time" (never a trap).
    package static func iso8601(_ seconds: Double, fractionDigits: Int = 0) -> String {
        guard representable.contains(seconds) else { return "invalid time" }
        let digits = max(0, min(9, fractionDigits))
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (seconds * scale).rounded()
        let whole = (scaled / scale).rounded(.down)
        let units = Int(scaled - whole * scale)
        var days = Int(whole) / 86_400
        var rem = Int(whole) % 86_400
        if rem < 0 { rem += 86_400; days -= 1 }
        let (y, m, d) = civilFromDays(days)
        func pad(_ v: Int, _ w: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, w - s.count)) + s
        }
        var out = "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(rem / 3600, 2)):\(pad(rem / 60 % 60, 2)):\(pad(rem % 60, 2))"
        if digits > 0 { out += "." + pad(units, digits) }
        return out + "Z"
    }
}
