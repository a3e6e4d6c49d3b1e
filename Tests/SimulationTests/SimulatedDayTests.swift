import GeoFormats
import GeoKernel
import Simulation
import Testing
import Timeline
import _GeoKernelTestSupport

@Suite("The simulated day")
struct SimulatedDayTests {
    let day = SimulatedDay()

    @Test("the same seed gives the same day, another seed another")
    func deterministic() {
        let again = SimulatedDay()
        #expect(again.fixes == day.fixes && again.motion == day.motion && again.stays == day.stays)
        #expect(SimulatedDay(seed: 7).fixes != day.fixes)
        #expect(SimulatedDay(seed: 7).stays.map(\.place) == day.stays.map(\.place))
    }

    @Test("it has home, a walk, a café, a bus ride, an office, a drive home, with noise and accuracies")
    func content() {
        #expect(day.stays.map(\.place.name) == ["home", "café", "office", "home"])
        #expect(day.legs.map(\.name) == ["walk", "walk", "bus", "walk", "walk", "drive", "walk"])
        #expect(day.fixes.allSatisfy { $0.horizontalAccuracyMeters != nil })
        #expect(day.fixes.contains { ($0.horizontalAccuracyMeters ?? 0) > 300 }, "outliers")
        #expect(zip(day.fixes, day.fixes.dropFirst()).contains { $0 == $1 }, "repeated fixes")
        #expect(zip(day.fixes, day.fixes.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
        #expect(zip(day.motion, day.motion.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
        #expect(day.motion.contains { $0.activity == .automotive } && day.motion.contains { $0.activity == .unknown })
        let drive = day.legs.first { $0.name == "drive" }
        #expect((drive?.distanceMeters ?? 0) > 15_000)
    }

    static let trackintelWithLimit: StopDetector.Parameters = {
        do { return try StopDetector.Parameters(minimumAccuracyMeters: 160) } catch { fatalError("\(error)") }
    }()

    @Test("detected stays match the ground truth", arguments: [
        ("trackintel + 160 m", trackintelWithLimit), ("travelDiary", StopDetector.Parameters.travelDiary),
    ])
    func groundTruth(name: String, parameters: StopDetector.Parameters) {
        let diary = StopDetector(parameters: parameters).detect(day.fixes, includeOpenStay: true)
        #expect(diary.placemarks.count == day.stays.count, "\(name)")
        for (k, (got, truth)) in zip(diary.placemarks, day.stays).enumerated() {
            let place = "\(name): \(truth.place.name)"
            // The window opens up to ~100 m before the place and closes ~100 m after it:
            // at walking pace that is about a minute each way.
            #expect(abs(got.arrival - truth.arrival) <= 120, "\(place) arrival")
            if k == day.stays.count - 1 {
                // Still there when the day ends: the open stay ends with the last fix.
                #expect(got.isOpen && got.departure <= truth.departure && got.departure >= truth.departure - 300)
            } else {
                #expect(!got.isOpen && abs(got.departure - truth.departure) <= 120, "\(place) departure")
            }
            #expect(haversineDistance(got.coordinate, truth.place.coordinate) < 25, "\(place) location")
        }
    }

    @Test("without an accuracy limit the day's outliers break stays apart")
    func outliersNeedTheLimit() {
        let raw = StopDetector(preset: .trackintel).detect(day.fixes, includeOpenStay: true)
        #expect(raw.placemarks.count > day.stays.count)
    }

    @Test("the tracking policy goes through the day's states, and replays identically")
    func trackingStates() throws {
        var policy = TrackingPolicy()
        let transitions = try policy.replay(day.inputs)
        let states = [TrackingState.stopped] + transitions.map(\.to)
        #expect(states == [
            .stopped, .notMoving,  // home
            .stopped, .activelyMoving, .stopped, .notMoving,  // walk, café
            .stopped, .activelyMoving, .stopped, .notMoving,  // walk, bus, office
            .stopped, .activelyMoving, .inFastVehicle, .activelyMoving, .stopped, .notMoving,  // drive, home
        ])
        var again = TrackingPolicy()
        #expect(try again.replay(day.inputs) == transitions)
        // On the motorway, not before: the drive's fast part starts after its city part.
        let fast = try #require(transitions.first { $0.to == .inFastVehicle })
        let drive = try #require(day.legs.first { $0.name == "drive" })
        #expect(fast.timestamp > drive.start + 300 && fast.timestamp < drive.end)
    }

    @Test("many days of fixes for benchmarks come from consecutive seeds")
    func manyDays() {
        let fixes = SimulatedDay.fixes(count: 4000)
        #expect(fixes.count == 4000)
        #expect(Array(fixes.prefix(day.fixes.count)) == day.fixes)
        #expect(zip(fixes, fixes.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
    }
}
