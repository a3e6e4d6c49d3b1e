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
    public static func text(meters d: Double, accuracyMeters a: Double? = nil) -> String {
        guard d >= 0, d.isFinite else { return d == .infinity ? "far away" : "distance unknown" }
        if d < justHereMeters { return "just here" }
        if let a, a.isFinite, a >= justHereMeters, d < a {
            let whole = a.rounded(.up)
            return whole < 1_000 ? "less than \(Int(whole)) m away" : "less than \(decimals(whole / 1_000, 2)) km away"
        }
        let tenths = (d * 10).rounded(.toNearestOrAwayFromZero)
        if tenths < 10_000 { return "\(decimals(d, 1)) m away" }
        return "\(decimals(d / 1_000, 2)) km away"
    }

    /// `value` with exactly `places` decimals (rounded half away from zero), without
    /// Foundation.
    static func decimals(_ value: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e15 else { return "\(value)" }
        let n = Int(scaled), s = Int(scale)
        let fraction = String(n % s)
        return "\(n / s)." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
