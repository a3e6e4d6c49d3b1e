/// ISO 8601 / RFC 3339 timestamps as seconds since 1970-01-01T00:00:00Z.
///
/// Written by hand rather than with a date formatter because track files hold a timestamp
/// per fix (a million-point GPX file has a million of them) and formatters are slow.
///
/// Accepted: `YYYY-MM-DDTHH:MM:SS`, with `T` or a space between date and time, optional
/// fractional seconds of any length, and an optional zone: `Z`, `±HH:MM`, `±HHMM` or
/// `±HH`. Without a zone the time is taken as UTC.
///
/// Thread safety: pure functions. Complexity: O(length). C twin: none.
public enum ISO8601Time {
    /// Seconds since the Unix epoch (UTC), or nil when `text` is not such a timestamp.
    public static func parse<S: StringProtocol>(_ text: S) -> Double? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { parse(UnsafeBufferPointer($0)) }
    }

    /// As `parse(_:)`, on UTF-8 bytes.
    public static func parse(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let n = b.count
        @inline(__always) func digits(_ count: Int) -> Int? {
            guard i + count <= n else { return nil }
            var v = 0
            for k in 0..<count {
                let c = b[i + k]
                guard c >= 48, c <= 57 else { return nil }
                v = v * 10 + Int(c - 48)
            }
            i += count
            return v
        }
        @inline(__always) func expect(_ c: UInt8) -> Bool {
            guard i < n, b[i] == c else { return false }
            i += 1
            return true
        }
        while i < n, b[i] == 32 { i += 1 }
        guard let year = digits(4), expect(45), let month = digits(2), expect(45), let day = digits(2) else {
            return nil
        }
        guard i < n, b[i] == 84 || b[i] == 116 || b[i] == 32 else { return nil }  // 'T', 't', ' '
        i += 1
        guard let hour = digits(2), expect(58), let minute = digits(2), expect(58), let second = digits(2) else {
            return nil
        }
        guard (1...12).contains(month), (1...daysIn(month, year)).contains(day),
            hour <= 24, minute <= 59, second <= 60
        else { return nil }
        var fraction = 0.0
        if i < n, b[i] == 46 || b[i] == 44 {  // '.' or ','
            i += 1
            var scale = 0.1
            let start = i
            while i < n, b[i] >= 48, b[i] <= 57 {
                fraction += Double(b[i] - 48) * scale
                scale *= 0.1
                i += 1
            }
            guard i > start else { return nil }
        }
        var offset = 0
        if i < n {
            switch b[i] {
            case 90, 122:  // 'Z', 'z'
                i += 1
            case 43, 45:  // '+', '-'
                let sign = b[i] == 45 ? -1 : 1
                i += 1
                guard let oh = digits(2) else { return nil }
                var om = 0
                if i < n {
                    _ = expect(58)
                    guard let m = digits(2) else { return nil }
                    om = m
                }
                offset = sign * (oh * 3600 + om * 60)
            default:
                return nil
            }
        }
        while i < n, b[i] == 32 || b[i] == 10 || b[i] == 13 || b[i] == 9 { i += 1 }
        guard i == n else { return nil }
        let days = daysFromCivil(year, month, day)
        let whole = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Double(whole) + fraction
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` (with `fractionDigits` decimals of seconds when > 0).
    public static func format(_ seconds: Double, fractionDigits: Int = 0) -> String {
        let whole = Int((seconds).rounded(.down))
        var frac = seconds - Double(whole)
        var days = whole / 86_400
        var rem = whole % 86_400
        if rem < 0 { rem += 86_400; days -= 1 }
        let (y, m, d) = civilFromDays(days)
        func pad(_ v: Int, _ w: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, w - s.count)) + s
        }
        var out = "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(rem / 3600, 2)):\(pad(rem / 60 % 60, 2)):\(pad(rem % 60, 2))"
        if fractionDigits > 0 {
            out += "."
            for _ in 0..<fractionDigits {
                frac *= 10
                let digit = min(9, Int(frac))
                out += String(digit)
                frac -= Double(digit)
            }
        }
        return out + "Z"
    }

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (the era arithmetic of
    /// H. Hinnant's "chrono-compatible low-level date algorithms").
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
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
}
