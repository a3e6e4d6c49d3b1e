#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GeoKernel
import Geofence

/// Geofence monitor against the naive loop (every fence, every fix, the scalar haversine
/// test and the same rules), with 10, 10 000 and 1 000 000 fences.
///
/// Scenario: fences at a constant density of 10 per km² (a dense city's points of
/// interest), centres uniform in a square around Zürich of side √(n / 10) km (1 km for 10
/// fences, 32 km for 10 000, 316 km for 1 000 000), radii uniform in 50–500 m. One walker,
/// 100 000 fixes one second apart: a correlated random walk (1–8 m/s, heading drifting
/// 20° per fix, reflected at the square's edges), 5 m Gaussian jitter, accuracy 3–30 m and
/// one fix in a hundred at 150 m (ignored by the default rules). Default rules
/// (`GeofenceConfiguration()`).
///
/// `geofence.update.N` times all 100 000 fixes; `geofence.naive.N` times the first
/// 100 000 (N = 10), 5 000 (N = 10 000) or 100 (N = 1 000 000) fixes, since the naive loop
/// costs about 51 ns per fence per fix. ns/op is per fix. After timing, the monitor's
/// events for the fixes the naive loop saw must be identical to the naive loop's; and when
/// affordable (the 1 000 000 case: the walk stays in a small part of the square), the
/// events of the whole walk are checked against the naive loop over every fence that
/// comes within 1 km of it (the others provably never report an event).
enum GeofenceCases {
    static let fixCount = 100_000
    static let density = 10.0  // fences per km²
    static let origin = try! Coordinate(latitude: 47.37, longitude: 8.54)

    static func make() -> [BenchCase] {
        [(10, 100_000), (10_000, 5_000), (1_000_000, 100)].flatMap { make(fences: $0.0, naiveFixes: $0.1) }
    }

    /// Mutable state shared by a case and its check.
    final class State {
        var monitor: GeofenceMonitor?
        var events: [GeofenceEvent] = []
        var naive: Naive
        var naiveEvents: [GeofenceEvent] = []
        var naiveRan = false
        /// One fix of the naive loop (`Naive.update` for circles, `updatePolygons` for polygons).
        let naiveStep: (inout Naive, Fix, inout [GeofenceEvent]) -> Void
        init(_ naive: Naive, step: @escaping (inout Naive, Fix, inout [GeofenceEvent]) -> Void = { $0.update($1, into: &$2) }) {
            self.naive = naive
            naiveStep = step
        }

        /// The naive loop over `fixes` from the start (the baseline's setUp and run).
        func runNaive(_ fixes: [Fix]) {
            naive.reset()
            naiveEvents.removeAll(keepingCapacity: true)
            for f in fixes { naiveStep(&naive, f, &naiveEvents) }
            naiveRan = true
        }

        /// A fresh monitor with the rules, its fences added by `add` (the timed case's setUp).
        func newMonitor(_ rules: GeofenceConfiguration, _ add: (GeofenceMonitor) -> Void) {
            monitor = nil
            let m = try! GeofenceMonitor(configuration: rules)
            add(m)
            monitor = m
            events.removeAll(keepingCapacity: true)
            events.reserveCapacity(1 << 16)
        }

        /// The monitor over `fixes` (the timed case's run).
        func runMonitor(_ fixes: [Fix]) {
            let m = monitor!
            for f in fixes { try! m.update(with: f, into: &events) }
        }
    }

    static func make(fences n: Int, naiveFixes: Int) -> [BenchCase] {
        var rng = SplitMix64(seed: 0x6e0f_e11c_e000 &+ UInt64(n))
        let side = (Double(n) / density).squareRoot() * 1000  // metres
        let fences = makeFences(n, side: side, rng: &rng)
        let fixes = makeWalk(side: side, rng: &rng)
        let rules = GeofenceConfiguration()
        let state = State(Naive(fences, rules))
        let naiveSlice = Array(fixes.prefix(naiveFixes))
        let lastNaiveTime = naiveSlice.last!.timestamp

        return [
            BenchCase(name: "geofence.naive.\(n)", n: naiveSlice.count, baseline: nil, run: { state.runNaive(naiveSlice) }),
            BenchCase(name: "geofence.update.\(n)", n: fixes.count, baseline: "geofence.naive.\(n)", setUp: {
                state.newMonitor(rules) { try! $0.add(contentsOf: fences) }
            }, run: { state.runMonitor(fixes) }, check: {
                if !state.naiveRan { state.runNaive(naiveSlice) }  // filtered out: run it once for the check
                let prefix = state.events.filter { $0.timestamp <= lastNaiveTime }
                if let problem = compare(prefix, state.naiveEvents) { return problem }
                var note = "\(prefix.count) checked against the timed naive loop"
                // Fences whose centre is more than 1 km (twice the largest radius) from
                // every fix never have inside evidence, so never leave the outside state
                // and never report an event: the naive loop over the others gives the
                // naive loop's events for the whole walk. Done when that is affordable.
                let near = fencesNearWalk(fences, fixes, marginMeters: 1000)
                if near.count * fixes.count <= 400_000_000 {
                    var full = Naive(near, rules)
                    var expected: [GeofenceEvent] = []
                    for f in fixes { full.update(f, into: &expected) }
                    if let problem = compare(state.events, expected) { return "whole walk: " + problem }
                    note = "all \(state.events.count) checked against the naive loop over the \(near.count) fences near the walk"
                }
                FileHandle.standardError.write(Data(
                    "geofence.update.\(n): \(state.events.count) events in \(fixes.count) fixes, \(note)\n".utf8))
                return nil
            }),
        ]
    }

    /// nil when the event lists are equal, else where they first differ.
    static func compare(_ got: [GeofenceEvent], _ expected: [GeofenceEvent]) -> String? {
        guard got != expected else { return nil }
        let k = zip(got, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(got.count, expected.count)
        return "events differ from the naive loop at #\(k) (\(got.count) vs \(expected.count))"
    }

    /// The fences whose centre lies in the bounding box of the fixes grown by `marginMeters`
    /// (in the fences' order). The walk stays far from the poles and the antimeridian.
    static func fencesNearWalk(_ fences: [CircularFence], _ fixes: [Fix], marginMeters: Double) -> [CircularFence] {
        let lats = fixes.map(\.coordinate.latitude), lons = fixes.map(\.coordinate.longitude)
        let R = EarthModel.meanRadiusMeters
        let dLat = marginMeters / R * 180 / .pi
        let south = lats.min()! - dLat, north = lats.max()! + dLat
        let dLon = dLat / cos(max(abs(south), abs(north)) * .pi / 180)
        let west = lons.min()! - dLon, east = lons.max()! + dLon
        return fences.filter {
            $0.center.latitude >= south && $0.center.latitude <= north
                && $0.center.longitude >= west && $0.center.longitude <= east
        }
    }

    /// Fences uniform in the square of `side` metres around `origin`, radii 50–500 m.
    static func makeFences(_ n: Int, side: Double, rng: inout SplitMix64) -> [CircularFence] {
        (0..<n).map { k in
            try! CircularFence(id: "g\(k)", center: place(rng.uniform(-side / 2, side / 2), rng.uniform(-side / 2, side / 2)),
                               radiusMeters: rng.uniform(50, 500))
        }
    }

    /// The point x metres east and y metres north of `origin` (local flat approximation).
    static func place(_ x: Double, _ y: Double) -> Coordinate {
        let R = EarthModel.meanRadiusMeters
        return try! Coordinate(
            latitude: origin.latitude + y / R * 180 / .pi,
            longitude: origin.longitude + x / (R * cos(origin.latitude * .pi / 180)) * 180 / .pi)
    }

    /// The walk of the type's description.
    static func makeWalk(side: Double, rng: inout SplitMix64) -> [Fix] {
        var x = 0.0, y = 0.0, heading = rng.uniform(0, 2 * .pi)
        var fixes: [Fix] = []
        fixes.reserveCapacity(fixCount)
        let half = side / 2
        for k in 0..<fixCount {
            heading += 20 * .pi / 180 * rng.normal()
            let step = rng.uniform(1, 8)
            x += step * sin(heading); y += step * cos(heading)
            if x > half { x = 2 * half - x; heading = -heading }
            if x < -half { x = -2 * half - x; heading = -heading }
            if y > half { y = 2 * half - y; heading = .pi - heading }
            if y < -half { y = -2 * half - y; heading = .pi - heading }
            let accuracy = k % 100 == 99 ? 150 : rng.uniform(3, 30)
            let p = place(x + 5 * rng.normal(), y + 5 * rng.normal())
            fixes.append(try! Fix(coordinate: p, timestamp: 1_767_225_600 + Double(k), horizontalAccuracyMeters: accuracy))
        }
        return fixes
    }

    /// The naive loop: the rules of `GeofenceConfiguration` over every fence at every fix.
    struct Naive {
        let ids: [String]
        let lat: [Double], lon: [Double], radius: [Double]
        var shapes: [PreparedPolygon] = []
        let rules: GeofenceConfiguration
        var inside: [Bool], dwellReported: [Bool]
        var run: [Int], runStart: [Double], enteredAt: [Double]
        var exits: [Int] = [], enters: [Int] = [], dwells: [Int] = []

        init(_ fences: [CircularFence], _ rules: GeofenceConfiguration) {
            ids = fences.map(\.id)
            lat = fences.map(\.center.latitude); lon = fences.map(\.center.longitude); radius = fences.map(\.radiusMeters)
            self.rules = rules
            inside = Array(repeating: false, count: fences.count); dwellReported = inside
            run = Array(repeating: 0, count: fences.count)
            runStart = Array(repeating: 0, count: fences.count); enteredAt = runStart
        }

        /// The naive loop over polygon fences: each fence's own exact test at every fix, the
        /// boundary distance (every edge) where the rules need it.
        init(polygons fences: [PolygonFence], _ rules: GeofenceConfiguration) {
            ids = fences.map(\.id)
            lat = []; lon = []; radius = []
            shapes = fences.map(\.shape)
            self.rules = rules
            inside = Array(repeating: false, count: fences.count); dwellReported = inside
            run = Array(repeating: 0, count: fences.count)
            runStart = Array(repeating: 0, count: fences.count); enteredAt = runStart
        }

        /// `update` for the fences of `init(polygons:_:)`.
        mutating func updatePolygons(_ fix: Fix, into events: inout [GeofenceEvent]) {
            let t = fix.timestamp
            let a = fix.horizontalAccuracyMeters ?? rules.assumedAccuracyMeters
            guard a <= rules.maximumAccuracyMeters else { return }
            let p = fix.coordinate
            let margin = rules.enterMarginMeters, threshold = a + rules.hysteresisMeters
            exits.removeAll(keepingCapacity: true); enters.removeAll(keepingCapacity: true); dwells.removeAll(keepingCapacity: true)
            for k in 0..<ids.count {
                let shape = shapes[k]
                advance(
                    k, t, outside: shape.location(of: p) == .outside && shape.boundaryDistanceMeters(from: p) > threshold,
                    inside: margin == 0
                        ? shape.contains(p) : shape.location(of: p) == .inside && shape.boundaryDistanceMeters(from: p) >= margin)
            }
            report(t, into: &events)
        }

        mutating func reset() {
            for k in ids.indices { inside[k] = false; dwellReported[k] = false; run[k] = 0 }
        }

        mutating func update(_ fix: Fix, into events: inout [GeofenceEvent]) {
            let t = fix.timestamp
            let a = fix.horizontalAccuracyMeters ?? rules.assumedAccuracyMeters
            guard a <= rules.maximumAccuracyMeters else { return }
            let plat = fix.coordinate.latitude, plon = fix.coordinate.longitude
            exits.removeAll(keepingCapacity: true); enters.removeAll(keepingCapacity: true); dwells.removeAll(keepingCapacity: true)
            let hysteresis = rules.hysteresisMeters, margin = rules.enterMarginMeters
            for k in 0..<ids.count {
                let d = haversineCentralAngle(latitude1: lat[k], longitude1: lon[k], latitude2: plat, longitude2: plon)
                    * EarthModel.meanRadiusMeters
                let r = radius[k]
                advance(k, t, outside: d > (r + a) + hysteresis, inside: d <= r - margin)
            }
            report(t, into: &events)
        }

        /// The rules for fence k at time t, given its evidence at the fix.
        @inline(__always)
        mutating func advance(_ k: Int, _ t: Double, outside: @autoclosure () -> Bool, inside isInside: @autoclosure () -> Bool) {
            if inside[k] {
                if outside() {
                    if run[k] == 0 { runStart[k] = t }
                    run[k] += 1
                    if run[k] >= rules.exitConfirmationFixes, t - runStart[k] >= rules.exitConfirmationSeconds {
                        exits.append(k); inside[k] = false; run[k] = 0
                    }
                } else {
                    run[k] = 0
                    if !dwellReported[k], t - enteredAt[k] >= rules.dwellSeconds { dwellReported[k] = true; dwells.append(k) }
                }
            } else if isInside() {
                if run[k] == 0 { runStart[k] = t }
                run[k] += 1
                if run[k] >= rules.enterConfirmationFixes, t - runStart[k] >= rules.enterConfirmationSeconds {
                    enters.append(k); inside[k] = true; run[k] = 0; enteredAt[k] = t; dwellReported[k] = false
                    if rules.dwellSeconds <= 0 { dwellReported[k] = true; dwells.append(k) }
                }
            } else {
                run[k] = 0
            }
        }

        /// Appends the fix's events: exits, enters, dwells, each in fence order.
        mutating func report(_ t: Double, into events: inout [GeofenceEvent]) {
            for k in exits { events.append(GeofenceEvent(kind: .exit, fenceID: ids[k], timestamp: t)) }
            for k in enters { events.append(GeofenceEvent(kind: .enter, fenceID: ids[k], timestamp: t)) }
            for k in dwells { events.append(GeofenceEvent(kind: .dwell, fenceID: ids[k], timestamp: t)) }
        }
    }
}
