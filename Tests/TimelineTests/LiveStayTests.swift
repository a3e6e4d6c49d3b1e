import Foundation
import GeoFormats
import GeoKernel
import Testing
import Timeline
import _GeoKernelTestSupport

/// Live stays: `LiveStopDetector` fed one fix at a time reports arrivals, updates and
/// departures, and its placemarks and moves are exactly the batch detector's.
@Suite("Live stays: arrived, updated, departed, and the batch's placemarks")
struct LiveStayTests {
    /// Feeds `fixes` (in time order) one at a time; returns every live event.
    static func replay(
        _ fixes: [Fix], _ detector: LiveStopDetector, includeOpenStay: Bool
    ) throws -> [StayEvent] {
        var d = detector
        var events: [StayEvent] = []
        for f in fixes { try d.add(f, into: &events) }
        d.finish(includeOpenStay: includeOpenStay, into: &events)
        return events
    }

    /// The batch diary rebuilt from the live events' moves and departures.
    static func diary(of events: [StayEvent]) -> Diary {
        var diary = Diary()
        for e in events { if let t = e.timelineEvent { diary.record(t) } }
        return diary
    }

    /// The grammar of the events: per stay arrived, updated…, then departed or cancelled;
    /// an arrival is established (lasted the duration) and its figures grow.
    static func checkGrammar(_ events: [StayEvent], duration: Double, _ label: String) {
        var open: LiveStay?
        for e in events {
            switch e {
            case .arrived(let s):
                #expect(open == nil, "\(label): arrival while a stay is open")
                #expect(s.durationSeconds >= duration && s.fixCount >= 1, "\(label): arrival before the duration")
                open = s
            case .updated(let s):
                guard let o = open else {
                    Issue.record("\(label): update without arrival")
                    continue
                }
                #expect(s.index == o.index && s.arrival == o.arrival && s.fixCount == o.fixCount + 1, "\(label)")
                #expect(s.lastSeen >= o.lastSeen && s.durationSeconds >= duration, "\(label)")
                open = s
            case .departed(let p):
                guard let o = open else {
                    Issue.record("\(label): departure without arrival")
                    continue
                }
                #expect(p.index == o.index && p.arrival == o.arrival, "\(label)")
                #expect(p.departure >= o.lastSeen && p.fixCount >= o.fixCount, "\(label)")
                open = nil
            case .cancelled(let s):
                #expect(open == s, "\(label): cancelled a stay that was not open")
                open = nil
            case .move:
                break
            }
        }
        #expect(open == nil, "\(label): a stay left open after finish")
    }

    static var traceCases: [(String, StopDetector.Preset)] { TraceTests.cases }

    @Test(
        "replaying a shared trace fix by fix gives exactly the batch placemarks and moves, for every preset, with and without cleaning",
        arguments: traceCases)
    func tracesReplayEqualsBatch(trace: String, preset: StopDetector.Preset) throws {
        let fixes = try TrackReader.read(contentsOf: SharedData.path("traces/" + trace)).fixes
        for cleaning in [nil, TrackCleaning.standard] {
            for includeOpen in [false, true] {
                let label = "\(trace) \(preset) cleaning \(cleaning != nil) includeOpen \(includeOpen)"
                let batch = StopDetector(preset: preset, cleaning: cleaning).detect(fixes, includeOpenStay: includeOpen)
                let events = try Self.replay(fixes, LiveStopDetector(preset: preset, cleaning: cleaning), includeOpenStay: includeOpen)
                let live = Self.diary(of: events)
                #expect(live.placemarks == batch.placemarks, "\(label)")
                #expect(live.moves == batch.moves, "\(label)")
                Self.checkGrammar(events, duration: preset.parameters.durationSeconds, label)
            }
        }
    }

    @Test("the trackintel preset's live departures equal trackintel's own stays on the shared reference traces")
    func trackintelReference() throws {
        for (trace, expected) in [
            ("gpxpy/korita-zbevnica.gpx", "expected/korita-zbevnica.stays-100m-5min-gap15.csv"),
            ("trackintel/google_trajectory.csv", "expected/google_trajectory.stays-100m-5min-gap15.csv"),
        ] {
            let fixes = try TrackReader.read(contentsOf: SharedData.path("traces/" + trace)).fixes
            let events = try Self.replay(fixes, LiveStopDetector(preset: .trackintel), includeOpenStay: false)
            let departed = events.compactMap { e -> Placemark? in if case .departed(let p) = e { p } else { nil } }
            let rows = try SharedData.csv("traces/" + expected)
            #expect(departed.count == rows.count, "\(trace)")
            for (p, row) in zip(departed, rows) {
                #expect(ISO8601Time.format(p.arrival).prefix(19) == row["started_at"]!.replacingOccurrences(of: " ", with: "T"))
                #expect(ISO8601Time.format(p.departure).prefix(19) == row["finished_at"]!.replacingOccurrences(of: " ", with: "T"))
                let c = Coordinate.valid(Double(row["lat"]!)!, Double(row["lon"]!)!)
                #expect(haversineDistance(p.coordinate, c) < 0.01, "\(trace) stay \(p.index)")
            }
        }
    }

    /// A seeded random track: stays (jittered), walks and drives, pauses short and long,
    /// accuracies (some awful), repeated fixes and equal times.
    static func randomTrack(seed: UInt64, count: Int) -> [Fix] {
        var rng = SplitMix64(seed: seed)
        var fixes: [Fix] = []
        var t = 1_700_000_000.0, north = 0.0, east = 0.0
        while fixes.count < count {
            let kind = rng.uniform(0, 1)
            let steps = Int(rng.uniform(1, 40))
            let every = [1.0, 5, 30, 60, 120][Int(rng.uniform(0, 5))]
            let speed = kind < 0.5 ? 0 : kind < 0.8 ? 1.4 : 15
            let heading = rng.uniform(0, 2 * .pi)
            for _ in 0..<steps {
                t += rng.uniform(0, 1) < 0.03 ? rng.uniform(100, 3000) : every * rng.uniform(0.5, 1.5)
                if rng.uniform(0, 1) < 0.02, let last = fixes.last {
                    fixes.append(last)  // an exact repeat
                    continue
                }
                north += speed * every * cos(heading) + rng.normal() * 8
                east += speed * every * sin(heading) + rng.normal() * 8
                let accuracy: Double? = rng.uniform(0, 1) < 0.1 ? nil : rng.uniform(0, 1) < 0.05 ? 800 : rng.uniform(0, 60)
                let jump = rng.uniform(0, 1) < 0.01 ? 3000.0 : 0
                fixes.append(Track.fix(t, north: north + jump, east: east, accuracy: accuracy))
            }
        }
        return fixes
    }

    @Test("seeded random tracks: live replay equals batch for every preset, random parameters and cleaning")
    func randomTracksReplayEqualsBatch() throws {
        var rng = SplitMix64(seed: 11)
        for seed in 0..<40 as Range<UInt64> {
            let fixes = Self.randomTrack(seed: seed, count: 600)
            var parameterSets = StopDetector.Preset.allCases.map(\.parameters)
            parameterSets.append(try StopDetector.Parameters(
                distanceMeters: rng.uniform(10, 200), durationSeconds: [0, 1, 60, 300][Int(rng.uniform(0, 4))],
                gapSeconds: rng.uniform(0, 1) < 0.5 ? .infinity : rng.uniform(60, 1200),
                minimumAccuracyMeters: rng.uniform(0, 1) < 0.5 ? .infinity : 100,
                signalGapSeconds: rng.uniform(0, 1) < 0.5 ? .infinity : rng.uniform(30, 600),
                departure: rng.uniform(0, 1) < 0.5 ? .firstFixOutside : .lastFixInside,
                anchor: StopDetector.Parameters.Anchor.allCases[Int(rng.uniform(0, 3))]))
            for p in parameterSets {
                for cleaning in [nil, TrackCleaning.standard] {
                    let includeOpen = rng.uniform(0, 1) < 0.5
                    let label = "seed \(seed) \(p) cleaning \(cleaning != nil)"
                    let batch = StopDetector(parameters: p, cleaning: cleaning).detect(fixes, includeOpenStay: includeOpen)
                    let events = try Self.replay(fixes, LiveStopDetector(parameters: p, cleaning: cleaning), includeOpenStay: includeOpen)
                    let live = Self.diary(of: events)
                    #expect(live.placemarks == batch.placemarks, "\(label)")
                    #expect(live.moves == batch.moves, "\(label)")
                    Self.checkGrammar(events, duration: p.durationSeconds, label)
                }
            }
        }
    }

    @Test("the arrival comes with the first fix that completes the minimum duration, while still inside")
    func arrivalAsSoonAsEstablished() throws {
        var live = LiveStopDetector(preset: .trackintel)
        var kinds: [String] = []
        for f in Track.still(from: 0, count: 8) + [Track.fix(480, north: 500)] {
            for e in try live.add(f) {
                switch e {
                case .arrived(let s): kinds.append("arrived \(Int(f.timestamp)) \(s.fixCount)")
                case .updated(let s): kinds.append("updated \(Int(s.lastSeen))")
                case .departed(let p): kinds.append("departed \(Int(p.departure))")
                case .cancelled: kinds.append("cancelled")
                case .move: kinds.append("move")
                }
            }
        }
        // Fixes every 60 s: the sixth (t = 300 s) completes 5 minutes. (No move: nothing
        // came before the first place.)
        #expect(kinds == ["arrived 300 6", "updated 360", "updated 420", "departed 480"])
        #expect(live.currentStay == nil)
        // The provisional location is the fixes' mean: here the place itself.
        var again = LiveStopDetector(preset: .trackintel)
        var events: [StayEvent] = []
        for f in Track.still(from: 0, count: 6) { try again.add(f, into: &events) }
        guard case .arrived(let s) = events.last else {
            Issue.record("no arrival: \(events)")
            return
        }
        #expect(haversineDistance(s.coordinate, Track.origin) < 1e-6)
        #expect(again.currentStay == s)
    }

    @Test("a pause longer than the gap limit cancels an announced stay, as the batch drops its window")
    func gapCancels() throws {
        var live = LiveStopDetector(preset: .trackintel)
        var events: [StayEvent] = []
        for f in Track.still(from: 0, count: 7) + [Track.fix(360 + 901, north: 0)] { try live.add(f, into: &events) }
        #expect(events.contains { if case .cancelled = $0 { true } else { false } })
        live.finish(into: &events)
        #expect(!events.contains { if case .departed = $0 { true } else { false } })
        #expect(StopDetector(preset: .trackintel).detect(Track.still(from: 0, count: 7) + [Track.fix(1261)]).placemarks.isEmpty)
    }

    @Test("an open stay at the end departs as an open placemark when asked for, else is cancelled")
    func finishOpen() throws {
        for includeOpen in [true, false] {
            var live = LiveStopDetector(preset: .trackintel)
            var events: [StayEvent] = []
            for f in Track.still(from: 0, count: 7) { try live.add(f, into: &events) }
            live.finish(includeOpenStay: includeOpen, into: &events)
            if includeOpen {
                guard case .departed(let p) = events.last else {
                    Issue.record("\(events)")
                    continue
                }
                #expect(p.isOpen && p.departure == 360)
            } else {
                guard case .cancelled(let s) = events.last else {
                    Issue.record("\(events)")
                    continue
                }
                #expect(s.lastSeen == 360 && s.fixCount == 7)
            }
        }
    }

    @Test("a live detector refuses fixes out of order and after finish, and stays unchanged")
    func errors() throws {
        var live = LiveStopDetector(preset: .trackintel)
        _ = try live.add(Track.fix(100))
        #expect(throws: GeoKernelError.self) { _ = try live.add(Track.fix(50)) }
        #expect(live.detector.storedFixes == 1)
        _ = live.finish()
        #expect(throws: GeoKernelError.self) { _ = try live.add(Track.fix(200)) }
    }

    @Test("a first fix the detector ignores (too inaccurate) announces nothing, even with a zero duration")
    func ignoredFirstFix() throws {
        var live = LiveStopDetector(parameters: try StopDetector.Parameters(durationSeconds: 0, minimumAccuracyMeters: 100))
        #expect(try live.add(Track.fix(0, accuracy: 800)).isEmpty)
        guard case .arrived(let s) = try live.add(Track.fix(10, accuracy: 5)).first else {
            Issue.record("no arrival")
            return
        }
        #expect(s.fixCount == 1 && s.arrival == 10)
    }
}
