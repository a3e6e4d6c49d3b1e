import GeoKernel
import Testing
import Timeline
import _GeoKernelTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The detector against a plain transcription of trackintel's loop on seeded random
/// tracks whose steps straddle the distance threshold — at the equator, at 47°N, a few
/// metres from the pole and across the antimeridian — so the detector's trigonometry-free
/// shortcuts are checked where they are closest to wrong.
@Suite("StopDetector against a reference sliding window")
struct ReferenceWindowTests {
    /// trackintel 1.4.2's `_generate_staypoints_sliding_user` loop, with its distance
    /// `point_haversine_dist(..., float_flag=True)` written as trackintel writes it: the
    /// spherical law of cosines, R = 6 371 000 m. Its only gap rule is `diff > gap`.
    static func reference(_ fixes: [Fix], distance: Double, duration: Double, gap: Double)
        -> [(arrival: Double, departure: Double, count: Int, latitude: Double, longitude: Double)]
    {
        func trackintelDistance(_ a: Coordinate, _ b: Coordinate) -> Double {
            let k = Double.pi / 180  // Python's math.radians multiplies by pi / 180
            let lat1 = a.latitude * k, lon1 = a.longitude * k
            let lat2 = b.latitude * k, lon2 = b.longitude * k
            return 6_371_000 * acos(cos(lat1 - lat2) - cos(lat1) * cos(lat2) * (1 - cos(lon1 - lon2)))
        }
        var out: [(Double, Double, Int, Double, Double)] = []
        var start = 0
        for curr in fixes.indices.dropFirst() {
            let gapT = fixes[curr].timestamp - fixes[curr - 1].timestamp
            if gapT > gap {
                start = curr
                continue
            }
            if trackintelDistance(fixes[start].coordinate, fixes[curr].coordinate) >= distance {
                if fixes[curr].timestamp - fixes[start].timestamp >= duration {
                    var seen: [Coordinate] = []
                    for f in fixes[start..<curr] where !seen.contains(f.coordinate) { seen.append(f.coordinate) }
                    let lat = seen.reduce(0) { $0 + $1.latitude } / Double(seen.count)
                    let s = seen.reduce(0) { $0 + sin($1.longitude * .pi / 180) } / Double(seen.count)
                    let c = seen.reduce(0) { $0 + cos($1.longitude * .pi / 180) } / Double(seen.count)
                    out.append((fixes[start].timestamp, fixes[curr].timestamp, curr - start, lat,
                                Coordinate.normalizedLongitude(atan2(s, c) * 180 / .pi)))
                }
                start = curr
            }
        }
        return out
    }

    /// A seeded track around `center`: pauses and hops whose lengths are drawn close to
    /// 100 m, in every direction, with repeated positions.
    static func track(around center: Coordinate, seed: UInt64, count: Int = 4000) -> [Fix] {
        var rng = SeededRandom(seed: seed)
        var here = center
        var fixes: [Fix] = []
        var t = 0.0
        for _ in 0..<count {
            t += rng.uniform(1, 120)
            let hop = rng.uniform(0, 1) < 0.3 ? rng.uniform(95, 105) : rng.uniform(0, 30)
            if let next = try? here.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: hop) {
                if rng.uniform(0, 1) < 0.9 { here = next }
            }
            if rng.uniform(0, 1) < 0.05 { here = center }  // come back: positions repeat exactly
            fixes.append(.valid(here.latitude, here.longitude, t))
        }
        return fixes
    }

    @Test("equal stays on random tracks near the threshold, from the equator to the pole and the antimeridian",
          arguments: [(0.0, 10.0), (47.0, 8.0), (89.9995, 0.0), (-89.9998, 120.0), (-33.0, 179.9995), (60.0, -179.9999)])
    func matchesReference(latitude: Double, longitude: Double) {
        let center = Coordinate.valid(latitude, longitude)
        for seed in 1...3 {
            let fixes = Self.track(around: center, seed: UInt64(seed) &* 7919)
            for (distance, duration) in [(100.0, 300.0), (50.0, 60.0)] {
                let parameters = (try? StopDetector.Parameters(
                    distanceMeters: distance, durationSeconds: duration, gapSeconds: 900,
                    minimumAccuracyMeters: .infinity)) ?? .trackintel
                // Repeated identical fixes are dropped by both (none here: times always grow).
                let got = StopDetector(parameters: parameters).detect(fixes).placemarks
                let want = Self.reference(fixes, distance: distance, duration: duration, gap: 900)
                #expect(got.count == want.count, "\(center) seed \(seed) \(distance) m")
                for (g, w) in zip(got, want) {
                    #expect(g.arrival == w.arrival && g.departure == w.departure && g.fixCount == w.count)
                    let off = haversineDistance(g.coordinate, .valid(w.latitude, w.longitude))
                    #expect(off < 1e-6, "\(g.coordinate) is \(off) m from \(w.latitude), \(w.longitude)")
                }
            }
        }
    }
}
