/// The distance to a landmark for people, following the Landmark-Remark app's examples
/// ("just here", "less than 20 m away", "12.5 m away", "345.65 km away").
///
/// The rule, for a distance d in metres and the accuracy a of the user's position (if
/// known), first match wins:
/// 1. d < 5 m: "just here" (a few metres: about the error of a good GPS fix);
/// 2. a is known, ≥ 5 m, and d < a: "less than A m away", A = a rounded up to whole
///    metres ("less than 20 m away" for a = 20): nearer than the fix can tell, so the
///    figure would claim more than is known (from 1 km, A in km with two decimals);
/// 3. d < 1 km: metres with one decimal, "12.5 m away" (rounded half away from zero;
///    a value that rounds to 1000.0 m is shown in km);
/// 4. otherwise kilometres with two decimals, "345.65 km away".
///
/// NaN or negative distances give "distance unknown". Thread safety: pure functions.
/// C twin: `gk_distance_hint`. \since 0.1
public enum DistanceHint {
    /// Below this distance (metres) the hint is "just here".
    /// \since 0.1
    public static let justHereMeters = 5.0

    /// The hint for a distance in metres; see the type's rule.
    ///
    /// - Parameters:
    ///   - meters: the distance in metres.
    ///   - accuracyMeters: the accuracy of the user's position in metres, or nil.
    /// - Complexity: O(1).
    /// \since 0.1
    public static func text(meters: Double, accuracyMeters: Double? = nil) -> String {
        let d = meters, a = accuracyMeters
        guard d >= 0, d.isFinite else { return d == .infinity ? "far away" : "distance unknown" }
        if d < justHereMeters { return "just here" }
        if let a, a.isFinite, a >= justHereMeters, d < a {
            let whole = a.rounded(.up)
            return whole < 1_000
                ? compose("less than ", whole, places: 0, " m away") : compose("less than ", whole / 1_000, places: 2, " km away")
        }
        let tenths = (d * 10).rounded(.toNearestOrAwayFromZero)
        if tenths < 10_000 { return compose("", d, places: 1, " m away") }
        return compose("", d / 1_000, places: 2, " km away")
    }

    /// `prefix`, `value` with exactly `places` decimals (rounded half away from zero;
    /// no point when 0), `suffix`: written as ASCII bytes into one buffer, so a search
    /// that returns 20 hints spends little on them (string interpolation was about 40 %
    /// of a 1M-landmark search). Values of 9e15 and more after scaling fall back to
    /// Swift's description of `value`.
    static func compose(_ prefix: StaticString, _ value: Double, places: Int, _ suffix: StaticString) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e15 else {
            return String(decoding: UnsafeRawBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount), as: UTF8.self)
                + "\(value)" + String(decoding: UnsafeRawBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount), as: UTF8.self)
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buf in
            var n = 0
            for i in 0..<prefix.utf8CodeUnitCount { buf[n] = prefix.utf8Start[i]; n += 1 }
            var digits = UInt64(scaled)
            // Digits in reverse, then flipped: at least places + 1 of them (leading zeros).
            let start = n
            var written = 0
            repeat {
                if written == places && places > 0 { buf[n] = UInt8(ascii: "."); n += 1 }
                buf[n] = UInt8(ascii: "0") + UInt8(digits % 10); n += 1
                digits /= 10
                written += 1
            } while digits > 0 || written <= places
            var lo = start, hi = n - 1
            while lo < hi { buf.swapAt(lo, hi); lo += 1; hi -= 1 }
            for i in 0..<suffix.utf8CodeUnitCount { buf[n] = suffix.utf8Start[i]; n += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: buf[0..<n]), as: UTF8.self)
        }
    }
}
