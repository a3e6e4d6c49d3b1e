import GeoKernel
import Testing
import Timeline
import _GeoKernelTestSupport

/// Feeds a policy and keeps its transitions. Fixes lie on the fixtures' meridian,
/// `north` metres from (47°N, 8°E), with a 10 m accuracy unless told otherwise.
struct PolicyDriver {
    var policy: TrackingPolicy
    var transitions: [TrackingTransition] = []

    init(_ configuration: TrackingPolicy.Configuration = .default) { policy = TrackingPolicy(configuration: configuration) }

    var state: TrackingState { policy.state }
    var last: TrackingTransition? { transitions.last }

    mutating func fix(_ t: Double, north: Double = 0, accuracy: Double? = 10) throws {
        if let x = try policy.add(Track.fix(t, north: north, accuracy: accuracy)) { transitions.append(x) }
    }

    mutating func motion(_ a: MotionActivity, _ t: Double) throws {
        if let x = try policy.add(try MotionSample(a, at: t)) { transitions.append(x) }
    }

    mutating func advance(_ t: Double) throws {
        if let x = try policy.advance(to: t) { transitions.append(x) }
    }

    /// stopped at 0 m, then a fix 300 m away at t = 10: activelyMoving.
    static func activelyMoving() throws -> PolicyDriver {
        var d = PolicyDriver()
        try d.fix(0)
        try d.fix(10, north: 300)
        return d
    }

    /// Stationary from t = 0, notMoving at t = 600.
    static func notMoving() throws -> PolicyDriver {
        var d = PolicyDriver()
        try d.fix(0)
        try d.motion(.stationary, 0)
        try d.advance(600)
        return d
    }

    /// activelyMoving at 10, automotive from 20, 25 m/s from 20 on: inFastVehicle at 320.
    static func inFastVehicle() throws -> PolicyDriver {
        var d = try activelyMoving()
        try d.motion(.automotive, 20)
        for t in stride(from: 20.0, through: 320, by: 10) { try d.fix(t, north: 300 + 25 * (t - 20)) }
        return d
    }
}

@Suite("TrackingPolicy: every row of the transition table")
struct TrackingPolicyTests {
    @Test("states ask for 10 m, 100 m, 3 km and 1 km; the policy starts stopped")
    func accuracies() {
        #expect(TrackingState.activelyMoving.desiredAccuracyMeters == 10)
        #expect(TrackingState.stopped.desiredAccuracyMeters == 100)
        #expect(TrackingState.notMoving.desiredAccuracyMeters == 3000)
        #expect(TrackingState.inFastVehicle.desiredAccuracyMeters == 1000)
        let p = TrackingPolicy()
        #expect(p.state == .stopped && p.desiredAccuracyMeters == 100 && p.stopLocation == nil)
    }

    @Test("stopped → activelyMoving: a precise fix more than 250 m from where they stopped")
    func leftStopLocation() throws {
        var d = PolicyDriver()
        try d.fix(0)
        try d.fix(60, north: 249)
        try d.fix(120, north: 400, accuracy: 500)  // too coarse to count
        #expect(d.transitions.isEmpty)
        try d.fix(180, north: 251)
        #expect(d.last == TrackingTransition(from: .stopped, to: .activelyMoving, timestamp: 180, rule: .leftStopLocation))
        #expect(d.policy.desiredAccuracyMeters == 10)
    }

    @Test("stopped → notMoving: stationary for the whole of 600 s; unknown restarts the clock")
    func stationaryLongEnough() throws {
        var d = PolicyDriver()
        try d.fix(0)
        try d.motion(.stationary, 0)
        try d.advance(599)
        #expect(d.transitions.isEmpty)
        try d.advance(600)
        #expect(d.last == TrackingTransition(from: .stopped, to: .notMoving, timestamp: 600, rule: .stationaryLongEnough))

        var e = PolicyDriver()
        try e.motion(.stationary, 0)
        try e.motion(.unknown, 300)
        try e.motion(.stationary, 301)
        try e.advance(900)
        #expect(e.transitions.isEmpty)
        try e.advance(901)
        #expect(e.state == .notMoving)
    }

    @Test("activelyMoving → inFastVehicle: ≥ 80 km/h and in a vehicle (or stationary) for 300 s")
    func fastInVehicle() throws {
        var d = try PolicyDriver.activelyMoving()
        try d.motion(.automotive, 20)
        for t in stride(from: 20.0, through: 310, by: 10) { try d.fix(t, north: 300 + 25 * (t - 20)) }
        #expect(d.state == .activelyMoving)  // 90 km/h, but only 290 s in the vehicle
        try d.fix(320, north: 300 + 25 * 300)
        #expect(d.last == TrackingTransition(from: .activelyMoving, to: .inFastVehicle, timestamp: 320, rule: .fastInVehicle))
        #expect(d.policy.desiredAccuracyMeters == 1000)

        // 72 km/h in a car for 10 minutes: not fast.
        var slow = try PolicyDriver.activelyMoving()
        try slow.motion(.automotive, 20)
        for t in stride(from: 20.0, through: 620, by: 10) { try slow.fix(t, north: 300 + 20 * (t - 20)) }
        #expect(slow.state == .activelyMoving)
        // 90 km/h while the phone says cycling: not in a vehicle.
        var bike = try PolicyDriver.activelyMoving()
        try bike.motion(.cycling, 20)
        for t in stride(from: 20.0, through: 620, by: 10) { try bike.fix(t, north: 300 + 25 * (t - 20)) }
        #expect(bike.state == .activelyMoving)
    }

    @Test("activelyMoving → stopped: within 100 m of one fix for 900 s, coarse fixes ignored")
    func stayedAtSameLocation() throws {
        var d = try PolicyDriver.activelyMoving()  // the anchor is the fix at t = 10, 300 m north
        for t in stride(from: 70.0, through: 850, by: 60) { try d.fix(t, north: 300 + (t.truncatingRemainder(dividingBy: 120) == 10 ? 60 : -40)) }
        try d.fix(880, north: 2300, accuracy: 800)  // an outlier the policy must not trust
        try d.fix(909, north: 320)
        #expect(d.state == .activelyMoving)
        try d.fix(910, north: 330)
        #expect(d.last == TrackingTransition(from: .activelyMoving, to: .stopped, timestamp: 910, rule: .stayedAtSameLocation))
        let stop = try #require(d.policy.stopLocation)
        expectClose((stop.latitude - 47) * Track.metersPerDegree, 300, tolerance: 1e-6, "stop location")
    }

    @Test("inFastVehicle → activelyMoving: only walking, running or cycling for 20 s")
    func onFootAfterVehicle() throws {
        var d = try PolicyDriver.inFastVehicle()
        try d.motion(.walking, 400)
        try d.motion(.unknown, 410)  // breaks the run
        try d.motion(.running, 411)
        try d.advance(430)
        #expect(d.state == .inFastVehicle)
        try d.motion(.cycling, 431)  // walking, running and cycling all count
        try d.advance(431)
        #expect(d.state == .activelyMoving)
        #expect(d.last?.rule == .onFootAfterVehicle && d.last?.timestamp == 431)
    }

    @Test("inFastVehicle → stopped: a parked vehicle within 100 m for 900 s (chosen)")
    func vehicleStayedAtSameLocation() throws {
        var d = try PolicyDriver.inFastVehicle()  // last fix at t = 320, 7800 m north
        try d.motion(.stationary, 330)
        for t in stride(from: 380.0, through: 1160, by: 60) { try d.fix(t, north: 7800 + 30) }
        #expect(d.state == .inFastVehicle)
        try d.fix(1220, north: 7800 - 30)
        #expect(d.last == TrackingTransition(from: .inFastVehicle, to: .stopped, timestamp: 1220, rule: .vehicleStayedAtSameLocation))
    }

    @Test("notMoving → activelyMoving: a fix certainly beyond 250 m while not stationary (chosen)")
    func certainlyLeftWhileNotMoving() throws {
        var d = try PolicyDriver.notMoving()
        try d.fix(610, north: 2000, accuracy: 1000)  // far, but the phone still says stationary
        #expect(d.state == .notMoving)
        try d.motion(.automotive, 612)
        try d.fix(615, north: 1200, accuracy: 1000)  // 1200 - 1000 = 200 m: maybe still home
        #expect(d.state == .notMoving)
        try d.fix(618, north: 2000, accuracy: 1000)
        #expect(d.last == TrackingTransition(from: .notMoving, to: .activelyMoving, timestamp: 618, rule: .certainlyLeftWhileNotMoving))
    }

    @Test("notMoving → stopped: only walking, running or cycling for 20 s")
    func onFootAfterNotMoving() throws {
        var d = try PolicyDriver.notMoving()
        try d.motion(.walking, 700)
        try d.advance(719)
        #expect(d.state == .notMoving)
        try d.advance(720)
        #expect(d.last == TrackingTransition(from: .notMoving, to: .stopped, timestamp: 720, rule: .onFootAfterNotMoving))
    }

    @Test("notMoving → stopped: driving off, automotive for 20 s (chosen)")
    func drivingOffAfterNotMoving() throws {
        var d = try PolicyDriver.notMoving()
        try d.motion(.automotive, 700)
        try d.advance(719)
        #expect(d.state == .notMoving)
        try d.advance(720)
        #expect(d.last == TrackingTransition(from: .notMoving, to: .stopped, timestamp: 720, rule: .drivingOffAfterNotMoving))
    }

    @Test("anything else keeps the state")
    func noChange() throws {
        // Stopped, pottering around within 250 m on foot for an hour.
        var d = PolicyDriver()
        try d.fix(0)
        try d.motion(.walking, 0)
        for t in stride(from: 60.0, through: 3600, by: 60) { try d.fix(t, north: t.truncatingRemainder(dividingBy: 240)) }
        #expect(d.transitions.isEmpty)
        // Not moving: short bursts of activity and unknowns change nothing.
        var n = try PolicyDriver.notMoving()
        try n.motion(.running, 700)
        try n.motion(.unknown, 715)
        try n.motion(.automotive, 716)
        try n.motion(.stationary, 730)
        try n.advance(5000)
        #expect(n.transitions.count == 1 && n.state == .notMoving)
        // Fast vehicle: stationary at a red light, then driving on.
        var v = try PolicyDriver.inFastVehicle()
        try v.motion(.stationary, 330)
        try v.motion(.automotive, 400)
        try v.advance(1000)
        #expect(v.state == .inFastVehicle)
    }

    @Test("inputs earlier than the previous one are refused and change nothing")
    func order() throws {
        var d = try PolicyDriver.notMoving()
        func expectOrderError(_ body: (inout TrackingPolicy) throws -> Void) {
            do {
                try body(&d.policy)
                Issue.record("accepted an input from the past")
            } catch let error as GeoKernelError {
                #expect(error.code == .order)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        expectOrderError { _ = try $0.add(Track.fix(599)) }
        expectOrderError { _ = try $0.add(try MotionSample(.walking, at: 10)) }
        expectOrderError { _ = try $0.advance(to: 0) }
        #expect(d.state == .notMoving)
        try d.motion(.walking, 600)
        try d.advance(620)
        #expect(d.state == .stopped)
    }

    @Test("thresholds come from the configuration")
    func configured() throws {
        var d = PolicyDriver(try TrackingPolicy.Configuration(json: #"{"StartedTravellingDistanceMetres": 50}"#))
        try d.fix(0)
        try d.fix(10, north: 60)
        #expect(d.state == .activelyMoving)
    }
}
