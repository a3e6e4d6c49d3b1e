import FoundationEssentials
import GeoText

/// Decimal numbers as GPX and CSV files write them ("47.376609", "-8.5", " 432 "), read
/// without going through `strtod` when that gives the same double.
///
/// Fast path (W. D. Clinger, "How to read floating point numbers accurately", 1990): when
/// the digits form an integer m ≤ 2^53 and there are k ≤ 22 digits after the point, both
/// m and 10^k are exact doubles and the one division m / 10^k is correctly rounded, so
/// the result equals the correctly rounded value `Double(String)` returns. Anything else
/// (exponents, more digits, "nan") goes to `Double(_:)`.
///
/// Thread safety: pure functions. Complexity: O(length). C twin: none.
enum DecimalText {
    private static let powersOfTen: [Double] = (0...22).map { k in
        var p = 1.0
        for _ in 0..<k { p *= 10 }  // exact: every 10^k, k ≤ 22, is a double
        return p
    }

    /// The value of `text` (ASCII blanks around it allowed), or nil when it is not a number.
    static func parse(_ text: String) -> Double? {
        if let v = text.utf8.withContiguousStorageIfAvailable({ fast($0) }), let v { return v }
        return Double(text) ?? Double(text.trimmingBlanks())
    }

    /// As `parse`, on a substring.
    static func parse(_ text: Substring) -> Double? {
        if let v = text.utf8.withContiguousStorageIfAvailable({ fast($0) }), let v { return v }
        return Double(text) ?? Double(text.trimmingBlanks())
    }

    /// The fast path; nil means "not decided here", not "not a number".
    static func fast(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        var n = b.count
        @inline(__always) func blank(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }
        while i < n, blank(b[i]) { i += 1 }
        while n > i, blank(b[n - 1]) { n -= 1 }
        guard i < n else { return nil }
        var negative = false
        if b[i] == 45 { negative = true; i += 1 } else if b[i] == 43 { i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0, fractionDigits = 0
        var point = false
        while i < n {
            let c = b[i]
            if c >= 48, c <= 57 {
                mantissa = mantissa &* 10 &+ UInt64(c - 48)
                if mantissa > 1 << 53 { return nil }
                digits += 1
                if point { fractionDigits += 1 }
            } else if c == 46, !point {
                point = true
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0, fractionDigits <= 22 else { return nil }
        let v = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -v : v
    }
}
