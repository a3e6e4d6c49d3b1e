import GeoKernel
import Geofence
import _GeoKernelTestSupport
import Testing

/// One fence of 100 m around Zürich HB and fixes placed at exact distances from it.
private let hb = try! Coordinate(latitude: 47.3779, longitude: 8.5403)

private func fix(_ meters: Double, at t: Double, accuracy: Double? = 0, bearing: Double = 90) -> Fix {
    try! Fix(coordinate: try! hb.destination(bearingDegrees: bearing, distanceMeters: meters), timestamp: t,
             horizontalAccuracyMeters: accuracy)
}

private func monitor(_ rules: GeofenceConfiguration = GeofenceConfiguration(), radius: Double = 100) -> GeofenceMonitor {
    let m = try! GeofenceMonitor(configuration: rules)
    try! m.add(id: "hb", center: hb, radiusMeters: radius)
    return m
}

private func kinds(_ events: [GeofenceEvent]) -> [String] { events.map { "\($0.kind) \($0.fenceID)" } }

@Suite("Geofence rules")
struct GeofenceRulesTests {
    @Test("a first fix inside is an enter, stamped with the fix's time")
    func firstFixInside() throws {
        let m = monitor()
        let events = try m.update(with: fix(10, at: 1000))
        #expect(events == [GeofenceEvent(kind: .enter, fenceID: "hb", timestamp: 1000)])
        #expect(m.isInsideAnyFence)
    }

    @Test("a first fix outside reports nothing, and a fence never entered never exits")
    func firstFixOutside() throws {
        let m = monitor()
        for t in 0..<10 { #expect(try m.update(with: fix(500 + Double(t) * 100, at: Double(t))).isEmpty) }
        #expect(!m.isInsideAnyFence)
    }

    @Test("a fence added while the user is inside it reports an enter at the next fix")
    func fenceAddedWhileInside() throws {
        let m = try GeofenceMonitor()
        #expect(try m.update(with: fix(5, at: 0)).isEmpty)
        try m.add(id: "late", center: hb, radiusMeters: 50)
        #expect(kinds(try m.update(with: fix(6, at: 1))) == ["enter late"])
    }

    @Test("an exit needs fixes outside by more than their accuracy plus the hysteresis")
    func exitNeedsAccuracyAndHysteresis() throws {
        let m = monitor()  // radius 100, hysteresis 20, two fixes confirm
        _ = try m.update(with: fix(0, at: 0))
        // 100 + 30 + 20 = 150 m: fixes at 149 m with 30 m accuracy are no evidence.
        for t in 1...5 { #expect(try m.update(with: fix(149, at: Double(t), accuracy: 30)).isEmpty) }
        #expect(try m.update(with: fix(151, at: 6, accuracy: 30)).isEmpty)
        #expect(kinds(try m.update(with: fix(151, at: 7, accuracy: 30))) == ["exit hb"])
        #expect(!m.isInsideAnyFence)
    }

    @Test("the exit confirmation counts consecutive fixes; a fix in the band breaks the run")
    func exitConfirmationFixes() throws {
        var rules = GeofenceConfiguration()
        rules.exitConfirmationFixes = 3
        let m = monitor(rules)
        _ = try m.update(with: fix(0, at: 0))
        #expect(try m.update(with: fix(300, at: 1)).isEmpty)
        #expect(try m.update(with: fix(300, at: 2)).isEmpty)
        #expect(try m.update(with: fix(110, at: 3)).isEmpty)  // outside the fence, inside the band
        #expect(try m.update(with: fix(300, at: 4)).isEmpty)
        #expect(try m.update(with: fix(300, at: 5)).isEmpty)
        #expect(kinds(try m.update(with: fix(300, at: 6))) == ["exit hb"])
    }

    @Test("the exit confirmation can be given in seconds")
    func exitConfirmationSeconds() throws {
        let m = monitor(GeofenceConfiguration(exitConfirmationFixes: 1, exitConfirmationSeconds: 60))
        _ = try m.update(with: fix(0, at: 0))
        #expect(try m.update(with: fix(300, at: 100)).isEmpty)
        #expect(try m.update(with: fix(300, at: 159)).isEmpty)
        #expect(kinds(try m.update(with: fix(300, at: 160))) == ["exit hb"])
    }

    @Test("the enter confirmation can be given in fixes and in seconds")
    func enterConfirmation() throws {
        let byFixes = monitor(GeofenceConfiguration(enterConfirmationFixes: 3))
        #expect(try byFixes.update(with: fix(10, at: 0)).isEmpty)
        #expect(try byFixes.update(with: fix(10, at: 1)).isEmpty)
        #expect(try byFixes.update(with: fix(120, at: 2)).isEmpty)  // the run breaks
        #expect(try byFixes.update(with: fix(10, at: 3)).isEmpty)
        #expect(try byFixes.update(with: fix(10, at: 4)).isEmpty)
        #expect(try byFixes.update(with: fix(10, at: 5)) == [GeofenceEvent(kind: .enter, fenceID: "hb", timestamp: 5)])

        let bySeconds = monitor(GeofenceConfiguration(enterConfirmationSeconds: 30))
        #expect(try bySeconds.update(with: fix(10, at: 0)).isEmpty)
        #expect(try bySeconds.update(with: fix(10, at: 29)).isEmpty)
        #expect(kinds(try bySeconds.update(with: fix(10, at: 30))) == ["enter hb"])
    }

    @Test("an enter margin asks for fixes that far inside the boundary")
    func enterMargin() throws {
        let m = monitor(GeofenceConfiguration(enterMarginMeters: 10))
        #expect(try m.update(with: fix(95, at: 0)).isEmpty)
        #expect(kinds(try m.update(with: fix(89, at: 1))) == ["enter hb"])
    }

    @Test("fixes worse than the maximum accuracy are ignored")
    func maximumAccuracy() throws {
        let m = monitor()  // maximum accuracy 100 m
        #expect(try m.update(with: fix(10, at: 0, accuracy: 150)).isEmpty)  // not an enter
        #expect(kinds(try m.update(with: fix(10, at: 1, accuracy: 100))) == ["enter hb"])
        for t in 2...10 { #expect(try m.update(with: fix(5_000, at: Double(t), accuracy: 500)).isEmpty) }
        #expect(m.isInsideAnyFence)
        #expect(m.ignoredFixCount == 10 && m.fixCount == 11)
        #expect(m.lastTimestamp == 10)
    }

    @Test("a fix without accuracy is taken with the assumed accuracy")
    func assumedAccuracy() throws {
        let m = monitor(GeofenceConfiguration(exitConfirmationFixes: 1, assumedAccuracyMeters: 100))
        _ = try m.update(with: fix(0, at: 0, accuracy: nil))
        #expect(try m.update(with: fix(210, at: 1, accuracy: nil)).isEmpty)  // 100 + 100 + 20 = 220 m
        #expect(kinds(try m.update(with: fix(230, at: 2, accuracy: nil))) == ["exit hb"])
    }

    @Test("a dwell comes once per visit, after the loitering time inside")
    func dwellOncePerVisit() throws {
        let m = monitor(GeofenceConfiguration(dwellSeconds: 300))
        var events: [GeofenceEvent] = []
        for t in stride(from: 0.0, through: 900, by: 60) { try m.update(with: fix(20, at: t), into: &events) }
        #expect(events == [
            GeofenceEvent(kind: .enter, fenceID: "hb", timestamp: 0),
            GeofenceEvent(kind: .dwell, fenceID: "hb", timestamp: 300),
        ])
        events = []
        for t in [960.0, 1020] { try m.update(with: fix(1000, at: t), into: &events) }
        for t in stride(from: 1080.0, through: 1400, by: 60) { try m.update(with: fix(20, at: t), into: &events) }
        #expect(kinds(events) == ["exit hb", "enter hb", "dwell hb"])
        #expect(events.last?.timestamp == 1380)
    }

    @Test("dwell 0 comes with the enter; dwell infinity never comes")
    func dwellExtremes() throws {
        let now = monitor(GeofenceConfiguration(dwellSeconds: 0))
        #expect(kinds(try now.update(with: fix(0, at: 0))) == ["enter hb", "dwell hb"])
        let never = monitor(GeofenceConfiguration(dwellSeconds: .infinity))
        var events: [GeofenceEvent] = []
        for t in 0..<100 { try never.update(with: fix(0, at: Double(t) * 3600), into: &events) }
        #expect(kinds(events) == ["enter hb"])
    }

    @Test("the events of one fix come as exits, enters, dwells, each in the order fences were added")
    func eventOrderWithinAFix() throws {
        let m = try GeofenceMonitor(configuration: GeofenceConfiguration(exitConfirmationFixes: 1, dwellSeconds: 0))
        let east = try hb.destination(bearingDegrees: 90, distanceMeters: 1000)
        try m.add(id: "z", center: east, radiusMeters: 200)
        try m.add(id: "y", center: hb, radiusMeters: 200)
        try m.add(id: "x", center: east, radiusMeters: 300)
        try m.add(id: "w", center: hb, radiusMeters: 300)
        #expect(kinds(try m.update(with: fix(0, at: 0))) == ["enter y", "enter w", "dwell y", "dwell w"])
        #expect(kinds(try m.update(with: fix(1000, at: 1))) == ["exit y", "exit w", "enter z", "enter x", "dwell z", "dwell x"])
        #expect(m.insideFenceIDs == ["z", "x"])
    }

    @Test("inside now follows enter and exit; which fences contain a point is pure geometry")
    func insideQueries() throws {
        let m = try GeofenceMonitor()
        try m.add(id: "small", center: hb, radiusMeters: 100)
        try m.add(id: "big", center: hb)  // default radius 1 000 m
        #expect(m.fence(id: "big")?.radiusMeters == 1000)
        #expect(!m.isInsideAnyFence && m.insideFenceIDs.isEmpty)
        _ = try m.update(with: fix(50, at: 0))
        #expect(m.isInsideAnyFence && m.insideFenceIDs == ["small", "big"])
        #expect(try m.isInside(fenceID: "small"))
        // 110 m: outside "small" by geometry, still inside it by the rules (hysteresis).
        _ = try m.update(with: fix(110, at: 1))
        let p = try hb.destination(bearingDegrees: 90, distanceMeters: 110)
        #expect(m.fences(containing: p) == ["big"])
        #expect(m.insideFenceIDs == ["small", "big"])
        #expect(m.anyFence(contains: p))
        #expect(!m.anyFence(contains: try hb.destination(bearingDegrees: 0, distanceMeters: 1001)))
        #expect(m.fences(containing: hb) == ["small", "big"])
        #expect(throws: GeoKernelError(.notFound, "no fence with id \"nope\"")) { try m.isInside(fenceID: "nope") }
    }

    @Test("a fix out of time order is an error and changes nothing; equal times are fine")
    func timeOrder() throws {
        let m = monitor()
        _ = try m.update(with: fix(500, at: 100))
        let error = #expect(throws: GeoKernelError.self) { try m.update(with: fix(0, at: 99)) }
        #expect(error?.code == .order)
        #expect(error?.message.contains("99") == true && error?.message.contains("100") == true)
        #expect(m.lastTimestamp == 100 && m.fixCount == 1 && !m.isInsideAnyFence)
        #expect(kinds(try m.update(with: fix(0, at: 100))) == ["enter hb"])
        // A batch is checked before any fix is fed.
        let batchError = #expect(throws: GeoKernelError.self) {
            try m.update(with: [fix(500, at: 101), fix(500, at: 102), fix(500, at: 101.5)])
        }
        #expect(batchError?.code == .order && batchError?.message.contains("fixes[2]") == true)
        #expect(m.lastTimestamp == 100 && m.isInsideAnyFence)
    }

    @Test("replaying the same fences and fixes gives the same events")
    func replay() throws {
        var rng = SeededRandom(seed: 5)
        let fences = Walks.fences(around: hb, count: 300, spreadMeters: 3000, radii: 30...400, rng: &rng)
        let fixes = Walks.walk(from: hb, count: 3000, stepMeters: 8, jitterMeters: 10,
                               accuracies: [5, 10, 25, nil, 150], rng: &rng)
        func run() throws -> [GeofenceEvent] {
            let m = try GeofenceMonitor()
            try m.add(contentsOf: fences)
            return try m.update(with: fixes)
        }
        let first = try run()
        #expect(first.count > 50)
        #expect(try run() == first)
    }

    @Test("removing a fence reports nothing; adding it again starts outside")
    func removeAndReadd() throws {
        let m = monitor()
        _ = try m.update(with: fix(0, at: 0))
        try m.remove(id: "hb")
        #expect(!m.isInsideAnyFence && m.count == 0)
        #expect(try m.update(with: fix(0, at: 1)).isEmpty)
        try m.add(id: "hb", center: hb, radiusMeters: 100)
        #expect(kinds(try m.update(with: fix(0, at: 2))) == ["enter hb"])
        m.removeAll()
        #expect(m.count == 0 && !m.isInsideAnyFence && m.lastTimestamp == 2)
    }
}

@Suite("Geofence concurrency")
struct GeofenceConcurrencyTests {
    @Test("monitors on different threads share nothing: each gives the same events")
    func independentMonitors() async throws {
        var rng = SeededRandom(seed: 44)
        let fences = Walks.fences(around: hb, count: 300, spreadMeters: 2000, radii: 20...400, rng: &rng)
        let fixes = Walks.walk(from: hb, count: 2000, stepMeters: 6, jitterMeters: 6, accuracies: [5, 15, 40], rng: &rng)
        let results = try await withThrowingTaskGroup(of: [GeofenceEvent].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let m = try GeofenceMonitor()
                    try m.add(contentsOf: fences)
                    return try m.update(with: fixes)
                }
            }
            var all: [[GeofenceEvent]] = []
            for try await r in group { all.append(r) }
            return all
        }
        #expect(results.count == 4 && results[0].count > 20)
        #expect(results.allSatisfy { $0 == results[0] })
    }
}
