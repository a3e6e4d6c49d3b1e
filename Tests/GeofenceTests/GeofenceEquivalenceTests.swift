import Foundation
import GeoKernel
import Geofence
import Testing
import _GeoKernelTestSupport

@Suite("Geofence equivalence with brute force")
struct GeofenceEquivalenceTests {
    /// 100 000 fences: most in Europe with radii from 5 m to 50 km, some anywhere with
    /// radii up to 2 000 km, and clusters on the antimeridian and at both poles.
    static func randomFences(_ rng: inout SeededRandom) throws -> [CircularFence] {
        var out: [CircularFence] = []
        out.reserveCapacity(100_000)
        for k in 0..<100_000 {
            let lat: Double, lon: Double, r: Double
            switch k % 10 {
            case 0:  // anywhere on the globe
                lat = asin(rng.uniform(-1, 1)) * 180 / .pi; lon = rng.uniform(-180, 180)
                r = exp(rng.uniform(log(100), log(2_000_000)))
            case 1:  // the antimeridian
                lat = rng.uniform(-60, 60); lon = rng.uniform(-180, -179) + (rng.next() % 2 == 0 ? 0 : 359)
                r = exp(rng.uniform(log(10), log(200_000)))
            case 2:  // the poles
                lat = (rng.next() % 2 == 0 ? 1 : -1) * rng.uniform(88, 90); lon = rng.uniform(-180, 180)
                r = exp(rng.uniform(log(10), log(300_000)))
            default:  // Europe
                lat = rng.uniform(35, 60); lon = rng.uniform(-10, 30)
                r = exp(rng.uniform(log(5), log(50_000)))
            }
            out.append(try CircularFence(id: "r\(k)", latitude: lat, longitude: lon, radiusMeters: r))
        }
        return out
    }

    @Test("which fences contain a point equals a brute-force haversine loop over 100 000 random fences")
    func containingMatchesBruteForce() throws {
        var rng = SeededRandom(seed: 100_000)
        let fences = try Self.randomFences(&rng)
        let m = try GeofenceMonitor()
        try m.add(contentsOf: fences)
        #expect(m.count == 100_000)

        var points: [Coordinate] = []
        for _ in 0..<40 { points.append(try Coordinate(latitude: rng.uniform(35, 60), longitude: rng.uniform(-10, 30))) }
        for _ in 0..<12 { points.append(try Coordinate(latitude: asin(rng.uniform(-1, 1)) * 180 / .pi, longitude: rng.uniform(-180, 180))) }
        for _ in 0..<12 { points.append(try Coordinate(latitude: rng.uniform(-60, 60), longitude: rng.uniform(179, 181))) }
        for _ in 0..<12 { points.append(try Coordinate(latitude: (rng.next() % 2 == 0 ? 1 : -1) * rng.uniform(87, 90), longitude: rng.uniform(-180, 180))) }
        points += [try Coordinate(latitude: 90, longitude: 0), try Coordinate(latitude: -90, longitude: 0)]
        // On (and a hair beside) boundaries, and on centres: the scalar test decides there.
        for _ in 0..<50 {
            let f = fences[Int(rng.next() % UInt64(fences.count))]
            let nudges: [Double] = [0, 1e-15, -1e-15, 1e-12, -1e-12]
            let d = f.radiusMeters * (1 + nudges[Int(rng.next() % 5)])
            points.append(try f.center.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: d))
        }
        for _ in 0..<10 { points.append(fences[Int(rng.next() % UInt64(fences.count))].center) }

        var total = 0, boundaryHits = 0
        for p in points {
            var expected: [String] = []
            for f in fences {
                let d = haversineDistance(f.center, p)
                if d <= f.radiusMeters { expected.append(f.id) }
                if abs(d - f.radiusMeters) < 1e-6 { boundaryHits += 1 }
            }
            #expect(m.fences(containing: p) == expected, "at \(p)")
            #expect(m.anyFence(contains: p) == !expected.isEmpty)
            total += expected.count
        }
        #expect(total > 1000, "the points fall in many fences (\(total))")
        #expect(boundaryHits >= 40, "and many lie on a boundary (\(boundaryHits))")
    }

    /// Configurations that exercise every rule.
    static let rules: [GeofenceConfiguration] = [
        GeofenceConfiguration(),
        .raw,
        GeofenceConfiguration(hysteresisMeters: 5, enterMarginMeters: 15, enterConfirmationFixes: 2,
                              exitConfirmationFixes: 3, maximumAccuracyMeters: 60, dwellSeconds: 0),
        GeofenceConfiguration(enterConfirmationFixes: 1, enterConfirmationSeconds: 4, exitConfirmationFixes: 1,
                              exitConfirmationSeconds: 6, dwellSeconds: 30, assumedAccuracyMeters: 12),
    ]

    @Test("the monitor's events equal a naive monitor's on seeded random walks", arguments: 0..<4)
    func walksMatchNaiveMonitor(_ variant: Int) throws {
        var rng = SeededRandom(seed: UInt64(77 + variant))
        let rules = Self.rules[variant]
        let start = try Coordinate(latitude: 47.37, longitude: 8.54)
        var fences = Walks.fences(around: start, count: 400, spreadMeters: 2500, radii: 10...600, rng: &rng)
        // Fences whose boundary passes exactly through the start and through fixes.
        fences += try (0..<10).map { k in
            try CircularFence(id: "edge\(k)", center: try start.destination(bearingDegrees: Double(k) * 36, distanceMeters: 80 + Double(k)),
                              radiusMeters: 80 + Double(k))
        }
        let fixes = Walks.walk(from: start, count: 4000, stepMeters: 6, jitterMeters: 8,
                               accuracies: [3, 8, 15, 30, 45, 80, 200, nil], equalTimeEvery: 17, rng: &rng)
        let m = try GeofenceMonitor(configuration: rules)
        var naive = NaiveMonitor(rules)
        var live = Array(fences.prefix(300))
        try m.add(contentsOf: live)
        for f in live { naive.add(f) }
        var pool = Array(fences.dropFirst(300))
        var events: [GeofenceEvent] = [], expected: [GeofenceEvent] = []
        for (k, fix) in fixes.enumerated() {
            // Add and remove fences along the way, some while the user is inside them.
            if k % 50 == 25, let f = pool.popLast() {
                try m.add(f); naive.add(f); live.append(f)
            }
            if k % 70 == 35, !live.isEmpty {
                let f = live.remove(at: Int(rng.next() % UInt64(live.count)))
                try m.remove(id: f.id); naive.remove(id: f.id); pool.insert(f, at: 0)
            }
            // Now and then a fix exactly on a fence boundary, or on its exit threshold.
            var fix = fix
            if k % 13 == 0, let f = live.randomElement(using: &rng) {
                let a = fix.horizontalAccuracyMeters ?? rules.assumedAccuracyMeters
                let d = k % 26 == 0 ? f.radiusMeters - rules.enterMarginMeters : (f.radiusMeters + a) + rules.hysteresisMeters
                fix = try Fix(coordinate: try f.center.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: d),
                              timestamp: fix.timestamp, horizontalAccuracyMeters: fix.horizontalAccuracyMeters)
            }
            try m.update(with: fix, into: &events)
            expected += naive.update(fix)
            #expect(m.isInsideAnyFence == !naive.insideIDs.isEmpty)
            if k % 97 == 0 { m._checkInvariants() }
        }
        #expect(events.count > 100, "the walk produces events (\(events.count))")
        #expect(events == expected)
        #expect(m.insideFenceIDs == naive.insideIDs)
        m._checkInvariants()
    }

    @Test("the monitor agrees with the naive monitor across the antimeridian and over a pole")
    func antimeridianAndPole() throws {
        var rng = SeededRandom(seed: 180)
        for start in [try Coordinate(latitude: -16.5, longitude: 179.99), try Coordinate(latitude: 89.98, longitude: 30)] {
            let fences = Walks.fences(around: start, count: 200, spreadMeters: 3000, radii: 20...900, rng: &rng)
            let fixes = Walks.walk(from: start, count: 3000, stepMeters: 10, jitterMeters: 5, accuracies: [5, 20], rng: &rng)
            let m = try GeofenceMonitor(configuration: .raw)
            try m.add(contentsOf: fences)
            var naive = NaiveMonitor(.raw)
            for f in fences { naive.add(f) }
            var expected: [GeofenceEvent] = []
            for f in fixes { expected += naive.update(f) }
            let events = try m.update(with: fixes)
            #expect(events.count > 50)
            #expect(events == expected)
            for f in fixes.prefix(200) {
                let expected = fences.filter { (fence: CircularFence) in fence.contains(f.coordinate) }.map(\.id)
                #expect(m.fences(containing: f.coordinate) == expected)
            }
        }
    }
}
