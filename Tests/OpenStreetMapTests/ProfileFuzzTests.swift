import GeoKernel
import OpenStreetMap
import Testing

@Suite("Profile: robustness on random input")
struct ProfileFuzzTests {
    static let pieces: [String] = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\ud83d", "0", "-", "1e999", "-0.0", "null", "true",
        "é", "🚲", "\n", " ", "\u{0}", "base", "\"base\": \"car\"", "\"highwaySpeedsKmh\"", "-5", "1e-400",
    ]

    @Test("2 000 seeded random mutations of the car JSON either parse or throw GeoKernelError")
    func mutations() {
        let original = Array(RoutingProfile.car.json.unicodeScalars)
        var rng = SplitMix64(seed: 2026)
        var parsed = 0
        for _ in 0..<2_000 {
            var s = original
            for _ in 0...Int(rng.next() % 4) {
                let at = Int(rng.next() % UInt64(s.count + 1))
                switch rng.next() % 4 {
                case 0 where at < s.count: s.remove(at: at)
                case 1:
                    let piece = Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))]
                    s.insert(contentsOf: piece.unicodeScalars, at: at)
                case 2 where at < s.count: s[at] = Unicode.Scalar(UInt8(rng.next() % 128))
                default: s.removeSubrange(at..<min(s.count, at + Int(rng.next() % 40)))
                }
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: s)
            do {
                let p = try RoutingProfile(json: text)
                parsed += 1
                _ = p.travel(wayTags: ["highway": "primary", "maxspeed": "50"])
            } catch {
                #expect(error.code == .parse || error.code == .invalidArgument)
            }
        }
        #expect(parsed < 2_000)
    }

    @Test("random tag sets never trap and always give positive finite speeds")
    func randomTags() {
        let keys = [
            "highway", "oneway", "oneway:bicycle", "access", "vehicle", "motor_vehicle", "motorcar", "bicycle", "foot",
            "maxspeed", "maxspeed:forward", "junction", "route", "cycleway", "area", "barrier", "type", "restriction",
            "except", "access:backward",
        ]
        let values = [
            "yes", "no", "-1", "primary", "motorway", "footway", "ferry", "roundabout", "destination", "50", "30 mph",
            "none", "FR:urban", "", "é", "1e308", String(repeating: "9", count: 300), "opposite", "restriction",
            "no_left_turn", "bollard", "reversible", "999999999999999999999999", "0.0000001",
        ]
        var rng = SplitMix64(seed: 7)
        for _ in 0..<3_000 {
            var pairs: [(key: String, value: String)] = []
            for _ in 0..<Int(rng.next() % 6) {
                pairs.append((keys[Int(rng.next() % UInt64(keys.count))], values[Int(rng.next() % UInt64(values.count))]))
            }
            let tags = OSMTags(pairs)
            for p in [RoutingProfile.car, .bicycle, .foot] {
                if let t = p.travel(wayTags: tags) {
                    for leg in [t.forward, t.backward].compactMap({ $0 }) {
                        #expect(leg.speedMetersPerSecond.isFinite && leg.speedMetersPerSecond > 0)
                    }
                    #expect(t.forward != nil || t.backward != nil)
                }
                _ = p.blocks(nodeTags: tags)
                _ = p.restriction(relationTags: tags)
            }
        }
    }
}
