#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GeoFormats
import GeoKernel
import Simulation
import Testing
import Timeline
import _GeoKernelTestSupport

/// A hand-made journey at 1 Hz (unless told), on the plane around Track's origin: legs at a
/// speed and heading, stands, with a seeded jitter of up to 3 m and an accuracy of 5 m.
private struct Journey {
    var fixes: [Fix] = []
    var t = 0.0, north = 0.0, east = 0.0
    var rng = SeededRandom(seed: 23)

    mutating func emit() {
        fixes.append(Track.fix(t, north: north + rng.uniform(-3, 3), east: east + rng.uniform(-3, 3), accuracy: 5))
    }

    /// `seconds` at `speed` m/s heading `heading` degrees (0 north, 90 east).
    mutating func go(_ seconds: Double, speed: Double, heading: Double = 0, every: Double = 1) {
        let steps = Int(seconds / every)
        for _ in 0..<steps {
            t += every
            north += speed * every * cos(heading * .pi / 180)
            east += speed * every * sin(heading * .pi / 180)
            emit()
        }
    }

    mutating func stand(_ seconds: Double, every: Double = 1) { go(seconds, speed: 0, every: every) }

    /// Town driving: `blocks` blocks of `block` metres at `speed`, turning 90° left and
    /// right in turn at each corner, stopping `stop` seconds every `stopEvery` blocks.
    mutating func town(blocks: Int, block: Double, speed: Double, stop: Double = 0, stopEvery: Int = 1) {
        for b in 0..<blocks {
            go(block / speed, speed: speed, heading: b % 2 == 0 ? 0 : 90)
            if stop > 0, (b + 1) % stopEvery == 0 { stand(stop) }
        }
    }
}

/// Travel modes (`ModeClassifier`, `Diary.travelModes`): the shared traces whose modes are
/// known, a hand-made journey for each rule, thresholds, and bad input.
@Suite("Travel modes: walk, bicycle, car, bus, train")
struct TravelModeTests {
    static func diary(_ path: String) throws -> Diary {
        let fixes = try TrackReader.read(contentsOf: SharedData.path(path)).fixes
        return StopDetector(preset: .timelyMoves, cleaning: .standard).detect(fixes, includeOpenStay: true)
    }

    /// The share of the moves' leg distance travelled in `mode`.
    static func share(_ legs: [[TripLeg]], _ mode: TravelMode) -> Double {
        let all = legs.joined().reduce(0) { $0 + $1.distanceMeters }
        return legs.joined().filter { $0.mode == mode }.reduce(0) { $0 + $1.distanceMeters } / all
    }

    /// Legs cover the indices of their move once, in order.
    static func expectPartition(_ legs: [TripLeg], count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        var next = 0
        for l in legs {
            #expect(l.fixes.lowerBound == next, sourceLocation: sourceLocation)
            next = l.fixes.upperBound + 1
        }
        #expect(next == count, sourceLocation: sourceLocation)
    }

    @Test("the korita-zbevnica hike: every move is walked")
    func hike() throws {
        let d = try Self.diary("traces/gpxpy/korita-zbevnica.gpx")
        let legs = try d.travelModes()
        #expect(legs.joined().count >= 5)
        for (m, l) in zip(d.moves, legs) where !m.fixes.isEmpty {
            #expect(l.map(\.mode) == [.walk], "\(l)")
            Self.expectPartition(l, count: m.fixes.count)
        }
    }

    @Test("the drive around Višnjan: a car, one leg")
    func car() throws {
        let d = try Self.diary("traces/gpxpy/around-visnjan-with-car.gpx")
        let legs = try d.travelModes()
        #expect(legs.map { $0.map(\.mode) } == [[.car]])
        #expect(legs[0][0].confidence > 0.8)
    }

    @Test("the 304 bus in Limerick: every move is the bus, and it stops more than once a kilometre")
    func bus() throws {
        let d = try Self.diary("traces/movingpandas/304_to_UL_2019-02-18_0745.gpx")
        let legs = try d.travelModes()
        #expect(!legs.isEmpty)
        for l in legs { #expect(l.map(\.mode) == [.bus], "\(l)") }
        for l in legs.joined() { #expect(l.stopsPerKilometer > 1 && l.topSpeed < 25) }
        // Its 36 stops lie along the route: the legs' stops are of that order.
        let stops = legs.joined().reduce(0) { $0 + $1.stopsPerKilometer * $1.distanceMeters / 1000 }
        #expect(stops > 20 && stops < 60, "\(stops) stops")
    }

    @Test("the POSMO ride from near Neuchâtel to Lausanne: a train for most of it")
    func train() throws {
        let d = try Self.diary("traces/trackintel/posmo_trajectory.csv")
        let legs = try d.travelModes()
        #expect(Self.share(legs, .train) > 0.9, "\(legs)")
        for l in legs.joined() where l.mode == .train { #expect(l.turnsPerKilometer <= 0.1) }
    }

    @Test("the simulated day: each true leg (walk, bus, drive) gets its mode over most of its time, with and without motion activity")
    func simulatedDay() throws {
        for seed: UInt64 in [2024, 7, 99] {
            let day = SimulatedDay(seed: seed)
            let diary = StopDetector(preset: .timelyMoves, cleaning: .standard).detect(day.fixes, includeOpenStay: true)
            for activities in [[], day.motion] {
                let legs = try diary.travelModes(activities: activities).joined()
                func overlap(_ a: ClosedRange<Double>, _ b: ClosedRange<Double>) -> Double {
                    max(0, min(a.upperBound, b.upperBound) - max(a.lowerBound, b.lowerBound))
                }
                for truth in day.legs {
                    let want: TravelMode = truth.name == "walk" ? .walk : truth.name == "bus" ? .bus : .car
                    let span = truth.start...truth.end
                    // The seconds of the true leg inside the diary's moves (the stays take
                    // its first and last metres), and those that legs of its mode cover.
                    let moving = diary.moves.reduce(0.0) { $0 + overlap(span, $1.start...$1.end) }
                    let covered = legs.filter { $0.mode == want }.reduce(0.0) { $0 + overlap(span, $1.start...$1.end) }
                    guard moving >= ModeThresholds().minimumLegSeconds else { continue }  // joins its neighbours
                    #expect(covered > 0.7 * moving, "seed \(seed), \(truth.name) \(truth.start)…\(truth.end): \(Int(covered)) of \(Int(moving)) s as \(want)")
                }
            }
        }
    }

    @Test("hand-made legs: a walk, a ride, a town drive, a bus, a straight train and a fast one")
    func rules() throws {
        let c = try ModeClassifier()
        func mode(_ build: (inout Journey) -> Void) throws -> [TravelMode] {
            var j = Journey()
            build(&j)
            let legs = try c.legs(of: j.fixes)
            Self.expectPartition(legs, count: j.fixes.count)
            return legs.map(\.mode)
        }
        #expect(try mode { $0.go(600, speed: 1.4) } == [.walk])
        #expect(try mode { $0.go(600, speed: 5, heading: 45) } == [.bicycle])
        #expect(try mode { $0.town(blocks: 12, block: 250, speed: 12) } == [.car])
        #expect(try mode { $0.town(blocks: 16, block: 400, speed: 11, stop: 20) } == [.bus])
        #expect(try mode { $0.go(600, speed: 28) } == [.train])       // 16.8 km without a turn or a stop
        #expect(try mode { $0.town(blocks: 6, block: 3000, speed: 42) } == [.train])  // faster than cars
        #expect(try mode { $0.go(600, speed: 83, every: 5) } == [.train])  // 300 km/h: not cleaned away
        #expect(try mode { $0.go(2, speed: 10) } == [.unknown])       // 2 fixes
        #expect(try c.legs(of: []).isEmpty)
    }

    @Test("walk, wait, bus, walk: three legs cut at the walks, the wait with the walk before it")
    func triplegs() throws {
        var j = Journey()
        j.go(300, speed: 1.3)                                    // to the stop
        let waitStart = j.fixes.count
        j.stand(240)                                             // the wait
        j.town(blocks: 10, block: 400, speed: 11, stop: 25)      // the bus
        let busEnd = j.fixes.count
        j.go(400, speed: 1.4, heading: 180)                      // home
        let legs = try ModeClassifier().legs(of: j.fixes)
        #expect(legs.map(\.mode) == [.walk, .bus, .walk], "\(legs)")
        Self.expectPartition(legs, count: j.fixes.count)
        #expect(legs[0].fixes.upperBound > waitStart + 200)      // the wait is in the first walk
        #expect(abs(legs[2].fixes.lowerBound - busEnd) < 40)
    }

    @Test("motion activity decides between on foot, cycling and riding where speed cannot")
    func activity() throws {
        var j = Journey()
        j.go(600, speed: 3.5)                                    // a runner, or a slow cyclist
        let c = try ModeClassifier()
        #expect(try c.legs(of: j.fixes).map(\.mode) == [.bicycle])
        #expect(try c.legs(of: j.fixes, activities: [try MotionSample(.running, at: 0)]).map(\.mode) == [.walk])
        #expect(try c.legs(of: j.fixes, activities: [try MotionSample(.cycling, at: 0)]).map(\.mode) == [.bicycle])
        // A car in a jam, at walking speed: the automotive activity makes it a ride.
        var jam = Journey()
        jam.town(blocks: 8, block: 150, speed: 2)
        #expect(try c.legs(of: jam.fixes).map(\.mode) == [.walk])
        #expect(try c.legs(of: jam.fixes, activities: [try MotionSample(.automotive, at: 0)]).map(\.mode) == [.car])
        // Activity that covers too little of the leg changes nothing; running for its last
        // 100 s is a leg of its own.
        let brief = [try MotionSample(.running, at: 500), try MotionSample(.unknown, at: 540)]
        #expect(try c.legs(of: j.fixes, activities: brief).map(\.mode) == [.bicycle])
        #expect(try c.legs(of: j.fixes, activities: [try MotionSample(.running, at: 500)]).map(\.mode) == [.bicycle, .walk])
    }

    @Test("road evidence: a fast vehicle off the roads is a train, on them a car")
    func roads() throws {
        var j = Journey()
        j.town(blocks: 12, block: 500, speed: 20)
        let c = try ModeClassifier()
        #expect(try c.legs(of: j.fixes, roadShare: { _ in 0.1 }).map(\.mode) == [.train])
        #expect(try c.legs(of: j.fixes, roadShare: { _ in 0.95 }).map(\.mode) == [.car])
        let legs = try c.legs(of: j.fixes, roadShare: { _ in 0.95 })
        #expect(legs[0].roadShare == 0.95)
        #expect(throws: GeoKernelError.self) {
            try c.legs(of: j.fixes, roadShare: { _ throws(GeoKernelError) in throw .invalid("no graph") })
        }
    }

    @Test("thresholds read from and write to JSON; unknown keys and contradictions are refused by name")
    func thresholds() throws {
        let t = try ModeThresholds(json: #"{"WalkTopSpeed": 2, "BusStopsPerKm": 2}"#)
        #expect(t.walkTopSpeed == 2 && t.busStopsPerKilometer == 2 && t.bicycleTopSpeed == 9)
        #expect(try ModeThresholds(json: t.json) == t)
        #expect(try ModeThresholds(json: "{}") == ModeThresholds())
        #expect(ModeThresholds.jsonKeys.count == ModeThresholds().json.split(separator: "\n").count - 2)
        #expect(throws: GeoKernelError.self) { try ModeThresholds(json: #"{"WalkSpeed": 2}"#) }
        #expect(throws: GeoKernelError.self) { try ModeThresholds(json: #"{"WalkTopSpeed": 12}"#) }
        #expect(throws: GeoKernelError.self) { try ModeThresholds(json: #"{"TrainRoadShare": 3}"#) }
        #expect(throws: GeoKernelError.self) { try ModeThresholds(json: #"{"WalkTopSpeed": "fast"}"#) }
        var bad = ModeThresholds()
        bad.speedWindowSeconds = 0
        #expect(bad.problem() != nil)
        #expect(throws: GeoKernelError.self) { try ModeClassifier(thresholds: bad) }
        // A stricter bus: the town bus becomes a car.
        var j = Journey()
        j.town(blocks: 16, block: 400, speed: 11, stop: 20)
        var strict = ModeThresholds()
        strict.busStopsPerKilometer = 5
        #expect(try ModeClassifier(thresholds: strict).legs(of: j.fixes).map(\.mode) == [.car])
    }

    @Test("fixes or samples out of time order are refused with their index")
    func order() throws {
        var j = Journey()
        j.go(60, speed: 1.4)
        var fixes = j.fixes
        fixes.swapAt(10, 11)
        #expect(throws: GeoKernelError.self) { try ModeClassifier().legs(of: fixes) }
        let samples = [try MotionSample(.walking, at: 10), try MotionSample(.cycling, at: 5)]
        #expect(throws: GeoKernelError.self) { try ModeClassifier().legs(of: j.fixes, activities: samples) }
    }

    @Test("a whole day at the walking limit (86 400 fixes switching between on foot and riding) is cut in one pass")
    func manyRuns() throws {
        var j = Journey()
        for k in 0..<8_640 { j.go(10, speed: k % 2 == 0 ? 2.3 : 2.8, heading: Double(k % 4) * 90) }
        let legs = try ModeClassifier().legs(of: j.fixes)
        Self.expectPartition(legs, count: j.fixes.count)
        #expect(legs.count < 100, "\(legs.count) legs")
    }

    @Test("seeded random journeys: legs always cover every fix once, in order, with finite figures")
    func randomJourneys() throws {
        var rng = SeededRandom(seed: 5)
        let c = try ModeClassifier()
        for _ in 0..<40 {
            var j = Journey()
            j.rng = SeededRandom(seed: rng.next())
            for _ in 0..<Int(rng.uniform(1, 6)) {
                switch Int(rng.uniform(0, 4)) {
                case 0: j.go(rng.uniform(5, 400), speed: rng.uniform(0.5, 2), heading: rng.uniform(0, 360))
                case 1: j.stand(rng.uniform(5, 300))
                case 2: j.town(blocks: Int(rng.uniform(1, 8)), block: rng.uniform(50, 600), speed: rng.uniform(3, 30), stop: rng.uniform(0, 30))
                default: j.go(rng.uniform(5, 400), speed: rng.uniform(0, 40), heading: rng.uniform(0, 360), every: rng.uniform(1, 30))
                }
            }
            let legs = try c.legs(of: j.fixes)
            Self.expectPartition(legs, count: j.fixes.count)
            for l in legs {
                #expect(l.confidence >= 0 && l.confidence <= 1 && l.distanceMeters.isFinite && l.topSpeed.isFinite)
                #expect(l.start <= l.end)
            }
        }
    }
}
