import GeoKernel
import Route
import Testing
import _GeoKernelTestSupport

@Suite("Route plans: pins, legs, lengths and travel times")
struct RoutePlanTests {
    static let sanFrancisco = try! Coordinate(latitude: 37.7749, longitude: -122.4194)
    static let oakland = try! Coordinate(latitude: 37.8044, longitude: -122.2712)
    static let sanJose = try! Coordinate(latitude: 37.3382, longitude: -121.8863)
    static let sacramento = try! Coordinate(latitude: 38.5816, longitude: -121.4944)

    @Test("pins are labelled A, B, C, … in the order added, then AA, AB, … past Z")
    func labels() throws {
        var plan = try RoutePlan(maxPins: 30)
        var rng = SeededRandom(seed: 12)
        for _ in 0..<30 { try plan.addPin(latitude: rng.uniform(40, 41), longitude: rng.uniform(7, 8)) }
        #expect(plan.pins.map(\.label).prefix(5) == ["A", "B", "C", "D", "E"])
        #expect(plan.pins[25].label == "Z" && plan.pins[26].label == "AA" && plan.pins[29].label == "AD")
        #expect(plan.pins.map(\.index) == Array(0..<30))
        #expect(RoutePin.label(forIndex: 701) == "ZZ" && RoutePin.label(forIndex: 702) == "AAA")
    }

    @Test("at most 5 pins by default; one more is a clear capacity error that changes nothing")
    func capacity() throws {
        var plan = try RoutePlan()
        #expect(plan.configuration.maxPins == 5)
        for c in [Self.sanFrancisco, Self.oakland, Self.sanJose, Self.sacramento, Self.sanFrancisco] {
            try plan.addPin(c)
        }
        let before = plan
        do {
            try plan.addPin(Self.oakland)
            Issue.record("a sixth pin was accepted")
        } catch {
            #expect(error.code == .capacity)
            #expect(error.message.contains("at most 5 pins (A–E)") && error.message.contains("pin F"), "\(error.message)")
        }
        #expect(plan.pins == before.pins && plan.legs == before.legs && plan.directions == before.directions)
    }

    @Test("the maximum is configurable and must be at least 1")
    func configurableCapacity() throws {
        var plan = try RoutePlan(maxPins: 2)
        try plan.addPin(Self.sanFrancisco)
        try plan.addPin(Self.oakland)
        let error = #expect(throws: GeoKernelError.self) { try plan.addPin(Self.sanJose) }
        #expect(error?.code == .capacity && error?.message.contains("at most 2 pins (A–B)") == true)
        #expect(throws: GeoKernelError.self) { try RoutePlan(maxPins: 0) }
        #expect(throws: GeoKernelError.self) { try RoutePlan(configuration: .init(spacingMeters: 0)) }
        #expect(throws: GeoKernelError.self) { try RoutePlan(configuration: .init(turnThresholdDegrees: 180)) }
        #expect(throws: GeoKernelError.self) { try RoutePlan(configuration: .init(stepSimplificationMeters: -1)) }
        #expect(throws: GeoKernelError.self) { try SpeedProfile(name: "stuck", metersPerSecond: 0) }
    }

    @Test("the polyline joins the pins in order; one leg per consecutive pair")
    func polylineAndLegs() throws {
        var plan = try RoutePlan()
        let stops = [Self.sanFrancisco, Self.oakland, Self.sanJose, Self.sacramento]
        for s in stops { try plan.addPin(s) }
        #expect(plan.polyline == stops)
        #expect(plan.legs.count == 3)
        for (i, leg) in plan.legs.enumerated() {
            #expect(leg.from == plan.pins[i] && leg.to == plan.pins[i + 1])
            #expect(leg.geometry.first == stops[i] && leg.geometry.last == stops[i + 1])
        }
        // The joined geometry shares the vertices at the pins once.
        #expect(plan.geometry.count == plan.legs.reduce(1) { $0 + $1.geometry.count - 1 })
        #expect(try RoutePlan().geometry.isEmpty)
    }

    @Test("a straight leg follows the great circle at the chosen spacing; its length is the haversine distance")
    func greatCircleLeg() throws {
        for spacing in [250.0, 1_000, 5_000] {
            var plan = try RoutePlan(configuration: .init(spacingMeters: spacing))
            try plan.addPin(Self.sanFrancisco)
            try plan.addPin(Self.sacramento)
            let leg = plan.legs[0]
            let direct = haversineDistance(Self.sanFrancisco, Self.sacramento)
            #expect(leg.geometrySource == .greatCircle)
            expectClose(leg.lengthMeters, direct, tolerance: 1e-6 * direct, "length at spacing \(spacing)")
            #expect(leg.geometry.count == Int((direct / spacing).rounded(.up)) + 1)
            for (p, q) in zip(leg.geometry, leg.geometry.dropFirst()) {
                #expect(haversineDistance(p, q) <= spacing * (1 + 1e-9))
            }
            for p in leg.geometry.dropFirst().dropLast() {
                let off = try p.crossTrackDistance(start: Self.sanFrancisco, end: Self.sacramento)
                #expect(abs(off) < 1e-6, "a vertex is \(off) m off the great circle")
            }
        }
    }

    @Test("a leg across the antimeridian goes the short way")
    func antimeridianLeg() throws {
        var plan = try RoutePlan(configuration: .init(spacingMeters: 10_000))
        try plan.addPin(latitude: -17.7, longitude: 178.0)  // Fiji
        try plan.addPin(latitude: -13.8, longitude: -171.8)  // Samoa
        let leg = plan.legs[0]
        #expect(leg.lengthMeters < 1_200_000)
        #expect(leg.geometry.allSatisfy { $0.longitude >= 178 || $0.longitude <= -171.8 })
    }

    @Test("travel time is the length over the speed profile unless the caller gives one")
    func travelTimes() throws {
        var plan = try RoutePlan(configuration: .init(speed: .walking))
        try plan.addPin(Self.sanFrancisco)
        try plan.addPin(Self.oakland)
        let leg = plan.legs[0]
        expectClose(leg.travelTime.seconds, leg.lengthMeters / (5 / 3.6), tolerance: 1e-9)
        #expect(leg.timeSource == .speedProfile)
        try plan.addPin(Self.sanJose, travelTimeSeconds: 2 * 3600 + 45 * 60)
        #expect(plan.legs[1].travelTime.description == "0d 2h 45m" && plan.legs[1].timeSource == .supplied)
        expectClose(plan.totalTravelTime.seconds, leg.travelTime.seconds + 9900, tolerance: 1e-9)
        expectClose(plan.totalLengthMeters, plan.legs[0].lengthMeters + plan.legs[1].lengthMeters, tolerance: 1e-9)
        #expect(SpeedProfile.driving.metersPerSecond == 60 / 3.6 && SpeedProfile.cycling.name == "cycling")
    }

    @Test("a supplied road geometry is used as given, its length measured along it")
    func suppliedGeometry() throws {
        var plan = try RoutePlan()
        try plan.addPin(Self.sanFrancisco)
        let road = [
            Self.sanFrancisco, try Coordinate(latitude: 37.79, longitude: -122.39),
            try Coordinate(latitude: 37.81, longitude: -122.36), Self.oakland,
        ]
        try plan.addPin(Self.oakland, legGeometry: road, travelTimeSeconds: 1_200)
        let leg = plan.legs[0]
        #expect(leg.geometry == road && leg.geometrySource == .supplied)
        let expected = zip(road, road.dropFirst()).reduce(0.0) { $0 + haversineDistance($1.0, $1.1) }
        expectClose(leg.lengthMeters, expected, tolerance: 1e-9)
        #expect(leg.travelTime.description == "0d 0h 20m")
    }

    @Test("bad legs are errors that name the leg and leave the plan unchanged")
    func legErrors() throws {
        var plan = try RoutePlan()
        #expect(throws: GeoKernelError.self) { try plan.addPin(latitude: 91, longitude: 0) }
        #expect(throws: GeoKernelError.self) { try plan.addPin(Self.sanFrancisco, travelTimeSeconds: 10) }
        try plan.addPin(latitude: 10, longitude: 20)
        let before = plan
        func message(_ body: () throws -> Void) -> String {
            do { try body() } catch let e as GeoKernelError { return "\(e.code): \(e.message)" } catch { return "\(error)" }
            return "no error"
        }
        #expect(message { try plan.addPin(Self.oakland, legGeometry: [Self.oakland]) }.contains("leg A→B has 1 vertices"))
        #expect(message { try plan.addPin(Self.oakland, travelTimeSeconds: -5) }.contains("leg A→B"))
        #expect(message { try plan.addPin(Self.oakland, travelTimeSeconds: .nan) }.contains("invalid argument"))
        #expect(message { try plan.addPin(latitude: -10, longitude: -160) }.contains("antipodal"))
        #expect(message { try plan.addPin(latitude: -10, longitude: -159.999_999_999_9) }.contains("antipodal"))
        #expect(plan.pins == before.pins && plan.legs.isEmpty && plan.directions.isEmpty)
        // 1 km from the antipode the great circle is well defined: 20 000 km of leg.
        var far = before
        try far.addPin(try Coordinate(latitude: -10, longitude: -160).destination(bearingDegrees: 0, distanceMeters: 1_000))
        #expect(far.legs[0].lengthMeters > 19_990_000 && far.legs[0].lengthMeters < 20_020_000)
        // A spacing that would need too many vertices is refused, not allocated.
        var fine = try RoutePlan(configuration: .init(spacingMeters: 0.001))
        try fine.addPin(latitude: 0, longitude: 0)
        #expect(message { try fine.addPin(latitude: 0, longitude: 90) }.contains("at most 1000000 vertices"))
    }

    @Test("coincident pins make a leg of length zero")
    func zeroLengthLeg() throws {
        var plan = try RoutePlan()
        try plan.addPin(Self.oakland)
        try plan.addPin(Self.oakland)
        #expect(plan.legs[0].lengthMeters == 0 && plan.legs[0].travelTime.description == "0d 0h 0m")
        #expect(plan.legs[0].steps.map(\.instruction) == ["You are at your destination"])
    }

    @Test("reset clears pins, legs and directions and keeps the configuration")
    func reset() throws {
        var plan = try RoutePlan(configuration: .init(maxPins: 3, speed: .cycling))
        try plan.addPin(Self.sanFrancisco)
        try plan.addPin(Self.oakland)
        plan.reset()
        #expect(plan.pins.isEmpty && plan.legs.isEmpty && plan.directions.isEmpty)
        #expect(plan.configuration.maxPins == 3 && plan.configuration.speed == .cycling)
        try plan.addPin(Self.sanJose)
        #expect(plan.pins[0].label == "A")
    }
}
