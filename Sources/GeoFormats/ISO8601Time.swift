import GeoKernel

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
        let days = UTCTime.daysFromCivil(year, month, day)
        let whole = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Double(whole) + fraction
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` (with `fractionDigits` decimals of seconds when > 0).
    public static func format(_ seconds: Double, fractionDigits: Int = 0) -> String {
        UTCTime.iso8601(seconds, fractionDigits: fractionDigits)
    }

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
