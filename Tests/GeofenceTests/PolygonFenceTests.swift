import GeoKernel
import Geofence
import Simulation
import Testing
import _GeoKernelTestSupport

@Suite("Polygon geofences")
struct PolygonFenceTests {
    func c(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(uncheckedLatitude: lat, longitude: lon) }
    func fix(_ lat: Double, _ lon: Double, _ t: Double, _ accuracy: Double? = nil) -> Fix {
        try! Fix(coordinate: c(lat, lon), timestamp: t, horizontalAccuracyMeters: accuracy)
    }

    /// A park of about 1.1 × 1.1 km with a pond of 220 m in the middle.
    func park() throws -> PolygonFence {
        let outer = [c(48.0, 2.0), c(48.0, 2.015), c(48.01, 2.015), c(48.01, 2.0), c(48.0, 2.0)]
        let pond = [c(48.004, 2.006), c(48.006, 2.006), c(48.006, 2.009), c(48.004, 2.009), c(48.004, 2.006)]
        return try PolygonFence(id: "park", polygon: Polygon(outer: outer, holes: [pond]))
    }

    @Test("walking into a park, staying, crossing its pond and leaving: enter, dwell, exit at the pond, enter again, exit")
    func eventsOfAWalk() throws {
        let m = try GeofenceMonitor()
        try m.add(try park())
        var events: [GeofenceEvent] = []
        var t = 0.0
        func go(_ lat: Double, _ lon: Double, _ times: Int = 1) throws {
            for _ in 0..<times {
                t += 60
                events += try m.update(with: fix(lat, lon, t, 5))
            }
        }
        try go(47.998, 2.003)  // south of the park
        try go(48.002, 2.003, 6)  // in the park for 6 minutes: enter, then dwell after 5
        try go(48.005, 2.0075, 3)  // in the middle of the pond (more than 25 m from its shore)
        try go(48.002, 2.003)  // back on the grass
        try go(48.012, 2.003, 2)  // north of the park, 220 m out
        #expect(events.map(\.kind) == [.enter, .dwell, .exit, .enter, .exit], "\(events)")
        #expect(events.map(\.timestamp) == [120, 420, 540, 660, 780], "\(events)")
        #expect(!m.isInsideAnyFence)
        #expect(m.polygonFence(id: "park")?.polygons.count == 1 && m.fence(id: "park") == nil)
        #expect(m.fences.isEmpty && m.polygonFences.map(\.id) == ["park"])
    }

    @Test("a fix whose accuracy circle straddles the boundary does not flip the state: 2 000 jittery fixes 5 m inside a district's border give one enter and no exit")
    func noFalseExits() throws {
        let districts = SimulatedDistricts(rows: 3, columns: 3, southWest: c(45.0, 7.0), sizeMeters: 400).polygons(seed: 3)
        let m = try GeofenceMonitor()
        let fences = try districts.enumerated().map { try PolygonFence(id: "d\($0.offset)", polygon: $0.element) }
        try m.add(contentsOf: fences)
        // The middle district (d4): stand 5 m inside the midpoint of its southern border.
        let ring = districts[4].rings[0]
        let a = ring[6], b = ring[7]
        let border = c((a.latitude + b.latitude) / 2, (a.longitude + b.longitude) / 2)
        let inside = try border.destination(bearingDegrees: 0, distanceMeters: 5)
        #expect(fences[4].contains(inside))
        var rng = SeededRandom(seed: 11)
        var events: [GeofenceEvent] = []
        for k in 0..<2_000 {
            let accuracy = rng.uniform(5, 30)
            let p = try inside.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: abs(rng.normal()) * accuracy / 2)
            events += try m.update(with: Fix(coordinate: p, timestamp: Double(k), horizontalAccuracyMeters: accuracy))
        }
        let d4 = events.filter { $0.fenceID == "d4" }
        #expect(d4.first?.kind == .enter && !d4.contains { $0.kind == .exit }, "\(d4)")
        // Walking north across the district and out of it ends the visit with one exit.
        var here = inside
        for k in 0..<60 {
            here = try here.destination(bearingDegrees: 0, distanceMeters: 20)
            events += try m.update(with: Fix(coordinate: here, timestamp: Double(2_000 + k), horizontalAccuracyMeters: 10))
        }
        #expect(events.filter { $0.fenceID == "d4" && $0.kind == .exit }.count == 1)
    }

    @Test("circles and generated districts together: the monitor's events equal the naive loop, fix for fix, under several rule sets")
    func equalsNaive() throws {
        let districts = SimulatedDistricts(rows: 12, columns: 12, southWest: c(52.0, 13.0), sizeMeters: 250).polygons(seed: 5)
        var rng = SeededRandom(seed: 12)
        let circles = Walks.fences(around: c(52.013, 13.022), count: 60, spreadMeters: 1_500, radii: 20...300, rng: &rng)
        let polygons = try districts.enumerated().map { try PolygonFence(id: "p\($0.offset)", polygon: $0.element) }
        let rules: [GeofenceConfiguration] = [
            GeofenceConfiguration(),
            .raw,
            GeofenceConfiguration(hysteresisMeters: 5, enterMarginMeters: 12, enterConfirmationFixes: 2, exitConfirmationFixes: 3, dwellSeconds: 120),
        ]
        var total = 0
        for (r, rule) in rules.enumerated() {
            let m = try GeofenceMonitor(configuration: rule)
            var naive = NaiveMonitor(rule)
            try m.add(contentsOf: circles)
            try m.add(contentsOf: polygons)
            for f in circles { naive.add(f) }
            for f in polygons { naive.add(f) }
            let fixes = Walks.walk(
                from: c(52.013, 13.022), count: 2_000, stepMeters: 12, jitterMeters: 8,
                accuracies: [nil, 3, 10, 25, 60, 150], rng: &rng)
            for (k, f) in fixes.enumerated() {
                if k == 1_000 {  // remove a few fences mid-walk, and put one back
                    for id in ["p40", "p41", "f3"] {
                        try m.remove(id: id)
                        naive.remove(id: id)
                    }
                    try m.add(polygons[40])
                    naive.add(polygons[40])
                }
                let got = try m.update(with: f), want = naive.update(f)
                #expect(got == want, "rules \(r), fix \(k): \(got) vs \(want)")
                if got != want { return }
                total += got.count
            }
            #expect(m.insideFenceIDs == naive.insideIDs)
            m._checkInvariants()
        }
        #expect(total > 200, "the walks should cause events: \(total)")
    }

    @Test("which fences contain a point equals each fence's own test, on district borders and vertices too")
    func containing() throws {
        let districts = SimulatedDistricts(rows: 10, columns: 10, southWest: c(-33.9, 151.1), sizeMeters: 500).polygons(seed: 8)
        let fences = try districts.enumerated().map { try PolygonFence(id: "d\($0.offset)", polygon: $0.element) }
        let m = try GeofenceMonitor()
        try m.add(contentsOf: fences)
        try m.add(CircularFence(id: "c", latitude: -33.88, longitude: 151.12, radiusMeters: 800))
        var rng = SeededRandom(seed: 4)
        var points: [Coordinate] = (0..<2_000).map { _ in c(rng.uniform(-33.91, -33.85), rng.uniform(151.09, 151.16)) }
        for d in districts.prefix(20) { points += d.rings[0].prefix(8) }
        var shared = 0
        for p in points {
            var want = fences.filter { $0.contains(p) }.map(\.id)
            if haversineDistance(c(-33.88, 151.12), p) <= 800 { want.append("c") }
            #expect(m.fences(containing: p) == want, "\(p)")
            #expect(m.anyFence(contains: p) == !want.isEmpty)
            if want.count - (want.last == "c" ? 1 : 0) >= 2 { shared += 1 }
        }
        #expect(shared > 50, "vertices on shared borders belong to both districts: \(shared)")
    }

    @Test("a fence across the antimeridian enters and exits on both sides")
    func antimeridianFence() throws {
        let fence = try PolygonFence(id: "fiji", polygon: Polygon(outer: [c(-17, 179), c(-17, -179.5), c(-16, -179.5), c(-16, 179)]))
        let m = try GeofenceMonitor()
        try m.add(fence)
        var kinds: [GeofenceEvent.Kind] = []
        for (k, lon) in [178.5, 179.5, -179.8, -179.0, -178.9].enumerated() {
            kinds += try m.update(with: fix(-16.5, lon, Double(k))).map(\.kind)
        }
        #expect(kinds == [.enter, .exit])
        #expect(m.fences(containing: c(-16.5, 180)) == ["fiji"])
    }

    @Test("ids are shared by circles and polygons; empty ids and duplicate ids are refused, nothing added")
    func ids() throws {
        let m = try GeofenceMonitor()
        try m.add(id: "a", center: c(0, 0), radiusMeters: 100)
        let e = #expect(throws: GeoKernelError.self) { try m.add(try park().renamed("a")) }
        #expect(e?.code == .duplicate)
        #expect(throws: GeoKernelError.self) { try PolygonFence(id: "", shape: try park().shape) }
        let twice = try [park(), park()]
        #expect(throws: GeoKernelError.self) { try m.add(contentsOf: twice) }
        #expect(m.count == 1)
        try m.remove(id: "a")
        try m.add(try park().renamed("a"))
        #expect(m.polygonFence(id: "a") != nil && m.fence(id: "a") == nil)
        m._checkInvariants()
    }
}

extension PolygonFence {
    func renamed(_ id: String) throws -> PolygonFence { try PolygonFence(id: id, shape: shape) }
}
