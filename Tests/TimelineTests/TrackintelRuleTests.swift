import Foundation
import GeoKernel
import Testing
import Timeline
import _GeoKernelTestSupport

/// Issue 13: the two places where the trackintel preset decided differently from
/// trackintel 1.4.2 (see ../shared/data/PROVENANCE.md).
@Suite("StopDetector: trackintel's exact rules")
struct TrackintelRuleTests {
    /// trackintel 1.4.2's `point_haversine_dist(..., float_flag=True)`, written here from
    /// its definition: R·acos(cos(φ1−φ2) − cos φ1·cos φ2·(1 − cos(λ1−λ2))), R = 6 371 000.
    static func lawOfCosines(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let k = Double.pi / 180
        let p1 = lat1 * k, p2 = lat2 * k, l1 = lon1 * k, l2 = lon2 * k
        return 6_371_000 * acos(cos(p1 - p2) - cos(p1) * cos(p2) * (1 - cos(l1 - l2)))
    }

    static func haversine(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let k = Double.pi / 180
        let s1 = sin((lat2 - lat1) * k / 2), s2 = sin((lon2 - lon1) * k / 2)
        let a = s1 * s1 + cos(lat1 * k) * cos(lat2 * k) * (s2 * s2)
        return 2 * 6_371_000 * asin(a.squareRoot())
    }

    @Test("a fix leaving exactly gap seconds after the previous one keeps the stay (trackintel: diff > gap)")
    func exactGapKeepsStay() throws {
        let fixes = [Track.fix(0), Track.fix(400), Track.fix(400 + 900, north: 150)]
        let diary = StopDetector(preset: .trackintel).detect(fixes)
        #expect(diary.placemarks.map(\.departure) == [1300], "\(diary.placemarks)")
        // One second more is a gap: the window is dropped, no stay.
        let later = [Track.fix(0), Track.fix(400), Track.fix(400 + 901, north: 150)]
        #expect(StopDetector(preset: .trackintel).detect(later).placemarks.isEmpty)
    }

    @Test("fixes where the haversine formula and trackintel's law of cosines disagree about 100 m are decided as trackintel does")
    func lawOfCosinesDecides() throws {
        let lat0 = 47.0, lon0 = 8.0
        // Walk north through the threshold in steps of ~1e-7 m and keep the fixes where
        // the two formulas fall on different sides of 100 m.
        var disagreements: [(lat: Double, outside: Bool)] = []
        var lat = lat0 + 100 / 111_194.93 - 2e-10
        for _ in 0..<40_000 {
            let loc = Self.lawOfCosines(lat0, lon0, lat, lon0), hav = Self.haversine(lat0, lon0, lat, lon0)
            if (loc >= 100) != (hav >= 100) { disagreements.append((lat, loc >= 100)) }
            lat = lat.nextUp
        }
        try #require(!disagreements.isEmpty, "no fix near the threshold where the formulas disagree")
        for d in disagreements.prefix(50) {
            let fixes = [
                try Fix(latitude: lat0, longitude: lon0, timestamp: 0), try Fix(latitude: lat0, longitude: lon0, timestamp: 400),
                try Fix(latitude: d.lat, longitude: lon0, timestamp: 500),
            ]
            let stays = StopDetector(preset: .trackintel).detect(fixes).placemarks
            #expect(stays.count == (d.outside ? 1 : 0), "latitude \(d.lat): trackintel says outside = \(d.outside)")
            #expect(StopDetector._trackintelDistance(
                try Coordinate(latitude: lat0, longitude: lon0), try Coordinate(latitude: d.lat, longitude: lon0))
                == Self.lawOfCosines(lat0, lon0, d.lat, lon0))
        }
    }
}
