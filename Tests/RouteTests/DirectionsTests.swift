import GeoKernel
import Route
import Testing
import _GeoKernelTestSupport

@Suite("Cumulative directions and the steps derived from a leg's geometry")
struct DirectionsTests {
    static let start = try! Coordinate(latitude: 47.0, longitude: 8.0)

    /// A road north for 1 km, then east for 1 km; the destination 20 m north (`left`) or
    /// south of its end.
    static func lShapedLeg(destinationNorth: Bool) throws -> (road: [Coordinate], pin: Coordinate) {
        let corner = try start.destination(bearingDegrees: 0, distanceMeters: 1_000)
        let end = try corner.destination(bearingDegrees: 90, distanceMeters: 1_000)
        var road = [start]
        for i in 1...10 { road.append(try start.destination(bearingDegrees: 0, distanceMeters: Double(i) * 100)) }
        for i in 1...10 { road.append(try corner.destination(bearingDegrees: 90, distanceMeters: Double(i) * 100)) }
        road[road.count - 1] = end
        return (road, try end.destination(bearingDegrees: destinationNorth ? 0 : 180, distanceMeters: 20))
    }

    @Test("every pin appends its leg's directions to one list that is never rewritten")
    func cumulative() throws {
        var plan = try RoutePlan(configuration: .init(maxPins: 4, speed: .walking))
        try plan.addPin(Self.start)
        #expect(plan.directions.isEmpty)
        var previous: [String] = []
        var rng = SeededRandom(seed: 21)
        for _ in 0..<3 {
            try plan.addPin(try Self.start.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(500, 5_000)))
            #expect(Array(plan.directions.prefix(previous.count)) == previous, "earlier directions changed")
            #expect(plan.directions.count > previous.count + 2)
            previous = plan.directions
        }
        let headers = plan.directions.filter { $0.hasPrefix("Directions from") }
        #expect(headers == ["Directions from A to B", "Directions from B to C", "Directions from C to D"])
        for (i, leg) in plan.legs.enumerated() {
            let at = try #require(plan.directions.firstIndex(of: headers[i]))
            #expect(plan.directions[at + 1] == "Estimated time: \(leg.travelTime)")
            #expect(Array(plan.directions[(at + 2)..<(at + 2 + leg.steps.count)]) == leg.steps.map(\.instruction))
        }
    }

    @Test("the app's example: a leg of 2 h 45 min reads 'Estimated time: 0d 2h 45m'")
    func estimatedTimeLine() throws {
        var plan = try RoutePlan()
        try plan.addPin(latitude: 37.7749, longitude: -122.4194)
        try plan.addPin(try Coordinate(latitude: 36.6002, longitude: -121.8947), travelTimeSeconds: 9_900)
        #expect(plan.directions[0] == "Directions from A to B")
        #expect(plan.directions[1] == "Estimated time: 0d 2h 45m")
    }

    @Test("a straight leg: the initial heading as a compass direction, its distance, destination ahead")
    func straightLeg() throws {
        var plan = try RoutePlan()
        try plan.addPin(Self.start)
        try plan.addPin(try Self.start.destination(bearingDegrees: 45, distanceMeters: 12_345))
        let leg = plan.legs[0]
        #expect(leg.steps.map(\.instruction) == ["Head northeast for 12.3 km", "Your destination is ahead"])
        #expect(leg.steps[0].kind == .depart(.northeast) && leg.steps[0].vertexIndex == 0)
        expectClose(leg.steps[0].distanceMeters, 12_345, tolerance: 1e-6)
        #expect(leg.steps[1].kind == .arrive(.ahead) && leg.steps[1].vertexIndex == leg.geometry.count - 1)
    }

    @Test("a long great-circle leg has no turns although its bearing changes along the way")
    func longGreatCircle() throws {
        var plan = try RoutePlan(configuration: .init(spacingMeters: 20_000))
        try plan.addPin(latitude: 37.77, longitude: -122.42)  // San Francisco
        try plan.addPin(latitude: 40.71, longitude: -74.01)  // New York: 4 100 km, bearing 70° → 104°
        #expect(plan.legs[0].steps.count == 2)
        #expect(plan.legs[0].steps[0].kind == .depart(.east))
    }

    @Test("a road with a corner: a turn where the heading changes, and the side of arrival",
          arguments: [true, false])
    func turnAndSide(destinationNorth: Bool) throws {
        let (road, pin) = try Self.lShapedLeg(destinationNorth: destinationNorth)
        var plan = try RoutePlan()
        try plan.addPin(Self.start)
        try plan.addPin(pin, legGeometry: road)
        let steps = plan.legs[0].steps
        #expect(steps.map(\.instruction) == [
            "Head north for 1.0 km", "Turn right and head east for 1.0 km",
            destinationNorth ? "Your destination is on the left" : "Your destination is on the right",
        ])
        #expect(steps[1].kind == .turn(.right, .east) && steps[1].vertexIndex == 10)
        #expect(steps[2].kind == .arrive(destinationNorth ? .left : .right))
    }

    @Test("the turn threshold is configurable")
    func threshold() throws {
        let bend = try Self.start.destination(bearingDegrees: 0, distanceMeters: 500)
        let end = try bend.destination(bearingDegrees: 40, distanceMeters: 500)
        for (threshold, expected) in [(30.0, 3), (45.0, 2)] {
            var plan = try RoutePlan(configuration: .init(turnThresholdDegrees: threshold))
            try plan.addPin(Self.start)
            try plan.addPin(end, legGeometry: [Self.start, bend, end])
            #expect(plan.legs[0].steps.count == expected, "threshold \(threshold)°")
        }
        var plan = try RoutePlan()
        try plan.addPin(Self.start)
        try plan.addPin(end, legGeometry: [Self.start, bend, end])
        #expect(plan.legs[0].steps[1].instruction == "Bear right and head northeast for 500 m")
    }

    @Test("jitter along a straight road is simplified away before turns are looked for")
    func jitter() throws {
        var rng = SeededRandom(seed: 22)
        var road = [Self.start]
        for i in 1..<200 {
            let along = try Self.start.destination(bearingDegrees: 0, distanceMeters: Double(i) * 10)
            road.append(try along.destination(bearingDegrees: 90, distanceMeters: rng.uniform(-2, 2)))
        }
        let end = try Self.start.destination(bearingDegrees: 0, distanceMeters: 2_000)
        road.append(end)
        var smooth = try RoutePlan()
        try smooth.addPin(Self.start)
        try smooth.addPin(end, legGeometry: road)
        #expect(smooth.legs[0].steps.map(\.instruction) == ["Head north for 2.0 km", "Your destination is ahead"])
        var raw = try RoutePlan(configuration: .init(stepSimplificationMeters: 0))
        try raw.addPin(Self.start)
        try raw.addPin(end, legGeometry: road)
        #expect(raw.legs[0].steps.count > 10)
    }

    @Test("turns are named by how sharp they are; headings by the nearest of eight points")
    func vocabulary() {
        #expect(RouteStep.Turn(degrees: 35) == .slightRight && RouteStep.Turn(degrees: -59) == .slightLeft)
        #expect(RouteStep.Turn(degrees: 90) == .right && RouteStep.Turn(degrees: -119) == .left)
        #expect(RouteStep.Turn(degrees: 150) == .sharpRight && RouteStep.Turn(degrees: -169) == .sharpLeft)
        #expect(RouteStep.Turn(degrees: 175) == .uTurn && RouteStep.Turn(degrees: -180) == .uTurn)
        let points: [(Double, CompassDirection)] = [
            (0, .north), (22.4, .north), (22.5, .northeast), (90, .east), (180, .south), (269, .west),
            (337.4, .northwest), (337.5, .north), (359.9, .north), (-45, .northwest), (.nan, .north),
        ]
        for (bearing, point) in points { #expect(CompassDirection(bearingDegrees: bearing) == point, "\(bearing)°") }
    }

    @Test("distances read as metres, tens of metres or kilometres with one decimal")
    func distances() {
        let cases: [(Double, String)] = [
            (0, "0 m"), (7.4, "7 m"), (99.4, "99 m"), (99.6, "100 m"), (454, "450 m"), (455, "460 m"),
            (994, "990 m"), (995, "1.0 km"), (12_345, "12.3 km"), (4_100_000, "4100.0 km"), (-3, "0 m"),
        ]
        for (meters, text) in cases { #expect(RouteStep.formatDistance(meters) == text, "\(meters) m") }
    }
}
