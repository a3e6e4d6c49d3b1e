import GeoFormats
import GeoKernel
import Geofence
import Testing
import _GeoKernelTestSupport

/// Runs the monitor and the naive reference over the same fixes; they must agree.
private func run(_ fences: [CircularFence], _ fixes: [Fix], _ rules: GeofenceConfiguration) throws -> [GeofenceEvent] {
    let m = try GeofenceMonitor(configuration: rules)
    try m.add(contentsOf: fences)
    var naive = NaiveMonitor(rules)
    for f in fences { naive.add(f) }
    var expected: [GeofenceEvent] = []
    for f in fixes { expected += naive.update(f) }
    let events = try m.update(with: fixes)
    #expect(events == expected, "monitor and naive loop disagree")
    #expect(m.insideFenceIDs == naive.insideIDs)
    return events
}

/// Per fence, the sequence of its events.
private func byFence(_ events: [GeofenceEvent]) -> [String: [GeofenceEvent.Kind]] {
    var out: [String: [GeofenceEvent.Kind]] = [:]
    for e in events { out[e.fenceID, default: []].append(e.kind) }
    return out
}

@Suite("Geofence on real recordings")
struct GeofenceTraceTests {
    /// The 304 bus in Limerick (2 144 fixes, 1 Hz, no accuracy) and its 36 stops.
    @Test("the 304 bus enters every stop it passes and exits each one it leaves, in route order")
    func busRide() throws {
        let fixes = try TrackReader.read(contentsOf: SharedData.path("traces/movingpandas/304_to_UL_2019-02-18_0745.gpx")).fixes
        let stops = try SharedData.csv("traces/movingpandas/stops_304_to_ul.csv")
        #expect(fixes.count == 2144 && stops.count == 36)
        var fences = try stops.map { s in
            try CircularFence(id: s["stop_name"]!, latitude: Double(s["lat"]!)!, longitude: Double(s["lon"]!)!, radiusMeters: 50)
        }
        // Controls: points 400 m north of each stop that no fix comes within 150 m of.
        let controls = try stops.compactMap { s -> CircularFence? in
            let c = try Coordinate(latitude: Double(s["lat"]!)!, longitude: Double(s["lon"]!)!)
                .destination(bearingDegrees: 0, distanceMeters: 400)
            guard fixes.allSatisfy({ haversineDistance($0.coordinate, c) > 150 }) else { return nil }
            return try CircularFence(id: "control " + s["stop_name"]!, center: c, radiusMeters: 50)
        }
        #expect(controls.count >= 10)
        fences += controls
        let events = try run(fences, fixes, GeofenceConfiguration())
        let perStop = byFence(events)

        // Which stops does the bus pass? Independently: a fix within the 50 m.
        let passed = fences.filter { f in fixes.contains { f.contains($0.coordinate) } }.map(\.id)
        #expect(passed.count == 36)
        #expect(Set(perStop.keys) == Set(passed), "entered exactly the stops passed, no control")
        let last = "UL Student Centre"  // the ride ends at this stop
        for id in passed {
            let kinds = (perStop[id] ?? []).filter { $0 != .dwell }
            if id == last {
                #expect(kinds == [.enter], "\(id): \(kinds)")
            } else {
                #expect(kinds == [.enter, .exit], "\(id): every enter followed by its exit, no exit without enter: \(kinds)")
            }
        }
        // Each enter is the first fix within 50 m (one fix confirms).
        for e in events where e.kind == .enter {
            let f = fences.first { $0.id == e.fenceID }!
            #expect(fixes.first { f.contains($0.coordinate) }?.timestamp == e.timestamp)
        }
        // Route order: enters are in the order the bus first comes within 50 m.
        func contact(_ id: String) -> Int {
            let fence = fences.first { $0.id == id }!
            return fixes.firstIndex { fence.contains($0.coordinate) }!
        }
        let firstContact = passed.sorted { contact($0) < contact($1) }
        #expect(events.filter { $0.kind == .enter }.map(\.fenceID) == firstContact)
    }

    /// A Google location history excerpt (Zürich, 416 fixes, accuracies 14 m to 1 km) and
    /// a 100 m fence at the place the user keeps returning to.
    @Test("on a phone trace with poor accuracy the accuracy rules suppress the false exits")
    func poorAccuracyPhoneTrace() throws {
        let read = try TrackReader.read(contentsOf: SharedData.path("traces/trackintel/google_trajectory.csv"))
        let fixes = read.fixes
        #expect(fixes.count == 416)
        #expect(fixes.filter { ($0.horizontalAccuracyMeters ?? 0) > 100 }.count == 199)
        let home = try CircularFence(id: "home", latitude: 47.3776657, longitude: 8.5488743, radiusMeters: 100)

        let raw = try run([home], fixes, .raw)
        let guarded = try run([home], fixes, GeofenceConfiguration())
        let rawExits = raw.filter { $0.kind == .exit }, exits = guarded.filter { $0.kind == .exit }
        #expect(rawExits.count == 7, "the raw containment test flaps: \(raw)")
        #expect(exits.count == 1, "\(guarded)")
        #expect(byFence(guarded)["home"]!.filter { $0 != .dwell } == [.enter, .exit, .enter])
        // Among the raw exits, those triggered by fixes worse than 100 m are all gone.
        let badTriggered = rawExits.filter { e in
            fixes.first { $0.timestamp == e.timestamp }!.horizontalAccuracyMeters! > 100
        }
        #expect(badTriggered.count >= 3)
        #expect(Set(exits.map(\.timestamp)).isDisjoint(with: badTriggered.map(\.timestamp)))
        // The one exit left is real: the two fixes that confirm it are good (≤ 100 m) and
        // farther than radius + accuracy + 20 m, and the user stays away for over 30 min.
        let good = fixes.filter { $0.horizontalAccuracyMeters! <= 100 }
        let k = good.firstIndex { $0.timestamp == exits[0].timestamp }!
        for f in good[(k - 1)...k] {
            #expect(haversineDistance(home.center, f.coordinate) > 100 + f.horizontalAccuracyMeters! + 20)
        }
        let back = guarded.first { $0.kind == .enter && $0.timestamp > exits[0].timestamp }!
        #expect(back.timestamp - exits[0].timestamp > 1800)
    }

    /// A walker on the boundary of a 100 m fence for an hour, each fix up to 30 m off
    /// (uniform in the 30 m disc, which the fix reports as its accuracy).
    @Test("a walk with 30 m jitter along a fence boundary does not flap")
    func jitterOnTheBoundary() throws {
        let center = try Coordinate(latitude: 46.948, longitude: 7.4474)  // Bern
        let fence = try CircularFence(id: "boundary", center: center, radiusMeters: 100)
        var rng = SeededRandom(seed: 30)
        var fixes: [Fix] = []
        var t = 1_700_000_000.0
        func add(_ truePosition: Coordinate) throws {
            let off = 30 * rng.uniform(0, 1).squareRoot()
            let p = try truePosition.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: off)
            fixes.append(try Fix(coordinate: p, timestamp: t, horizontalAccuracyMeters: 30))
            t += 1
        }
        for d in stride(from: 400.0, to: 100, by: -1.4) { try add(try center.destination(bearingDegrees: 0, distanceMeters: d)) }
        for k in 0..<3600 {  // once round the boundary in an hour
            try add(try center.destination(bearingDegrees: Double(k) * 0.1, distanceMeters: 100))
        }
        let boundaryEnd = t
        for d in stride(from: 100.0, through: 400, by: 1.4) { try add(try center.destination(bearingDegrees: 0, distanceMeters: d)) }

        // The plain containment test (no accuracy, no hysteresis, one fix) flaps.
        let plain = try fixes.map { try Fix(coordinate: $0.coordinate, timestamp: $0.timestamp) }
        let raw = try run([fence], plain, .raw)
        #expect(raw.filter { $0.kind == .exit }.count > 100, "the plain containment test flaps: \(raw.count) events")
        let guarded = try run([fence], fixes, GeofenceConfiguration())
        #expect(guarded.map(\.kind) == [.enter, .dwell, .exit])
        #expect(guarded.last!.timestamp > boundaryEnd, "the exit comes only on the way out")
    }
}
