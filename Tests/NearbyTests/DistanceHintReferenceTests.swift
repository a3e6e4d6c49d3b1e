import Foundation
import GeoKernel
import Nearby
import Testing

/// `DistanceHint.text` writes its digits into a byte buffer; this is the formatting it
/// replaced (string interpolation of the integer and fraction parts), kept as the
/// reference it must equal on seeded random distances and accuracies of every magnitude.
@Suite("Distance hints equal the interpolated reference")
struct DistanceHintReferenceTests {
    static func referenceText(meters d: Double, accuracyMeters a: Double?) -> String {
        guard d >= 0, d.isFinite else { return d == .infinity ? "far away" : "distance unknown" }
        if d < DistanceHint.justHereMeters { return "just here" }
        if let a, a.isFinite, a >= DistanceHint.justHereMeters, d < a {
            let whole = a.rounded(.up)
            return whole < 1_000 ? "less than \(Int(whole)) m away" : "less than \(decimals(whole / 1_000, 2)) km away"
        }
        let tenths = (d * 10).rounded(.toNearestOrAwayFromZero)
        if tenths < 10_000 { return "\(decimals(d, 1)) m away" }
        return "\(decimals(d / 1_000, 2)) km away"
    }

    static func decimals(_ value: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e15 else { return "\(value)" }
        let n = Int(scaled), s = Int(scale)
        let fraction = String(n % s)
        return "\(n / s)." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    @Test("200 000 seeded distances from millimetres to beyond 9e15 m, with and without an accuracy, read the same")
    func equalsReference() {
        var random = SplitMix64(seed: 99)
        var checked = 0
        for i in 0..<200_000 {
            let d = (i % 50 == 0) ? [0, 4.99999, 5, 999.94, 999.95, 999.96, 1_000, 9.9e15, 1e300, -1, .nan, .infinity][i / 50 % 12]
                : pow(10, random.uniform(-3, 17))
            let a: Double? = i % 3 == 0 ? nil : (i % 3 == 1 ? pow(10, random.uniform(0, 7)) : (d * random.uniform(0.5, 1.5)).rounded())
            #expect(DistanceHint.text(meters: d, accuracyMeters: a) == Self.referenceText(meters: d, accuracyMeters: a), "\(d), \(a ?? -1)")
            checked += 1
        }
        #expect(checked == 200_000)
    }
}
