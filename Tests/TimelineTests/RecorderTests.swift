import GeoKernel
import Testing
import Timeline
import _GeoKernelTestSupport

/// Issue 21: the `Recorder` the C timeline, the tool and Python use as it is.
@Suite("Recorder: detector, diary, live events and naming in one value")
struct RecorderTests {
    /// Feeds every fix (skipping those the detector refuses, as an app would) and finishes.
    static func record(_ fixes: [Fix], _ recorder: Recorder, includeOpenStay: Bool) -> Recorder {
        var r = recorder
        for f in fixes { try? r.add(f) }
        r.finish(includeOpenStay: includeOpenStay)
        return r
    }

    @Test("its diary equals the batch detector's, with and without live events, on seeded random tracks")
    func diaryEqualsBatch() throws {
        for seed in 0..<20 as Range<UInt64> {
            let fixes = LiveStayTests.randomTrack(seed: seed, count: 500)
            for preset in StopDetector.Preset.allCases {
                for cleaning in [nil, TrackCleaning.standard] {
                    let includeOpen = seed % 2 == 0
                    let batch = StopDetector(preset: preset, cleaning: cleaning).detect(fixes, includeOpenStay: includeOpen)
                    var live = Recorder(preset: preset, cleaning: cleaning)
                    try live.enableLiveEvents()
                    for r in [Recorder(preset: preset, cleaning: cleaning), live] {
                        let recorded = Self.record(fixes, r, includeOpenStay: includeOpen)
                        let label = "seed \(seed) \(preset) cleaning \(cleaning != nil) live \(r.queuesLiveEvents)"
                        #expect(recorded.diary.placemarks == batch.placemarks, "\(label)")
                        #expect(recorded.diary.moves == batch.moves, "\(label)")
                        #expect(recorded.diary.ignoredInaccurateFixes == batch.ignoredInaccurateFixes, "\(label)")
                        #expect(recorded.diary.repeatedFixes == batch.repeatedFixes, "\(label)")
                        #expect(recorded.diary.cleanedImpossibleFixes == batch.cleanedImpossibleFixes, "\(label)")
                        #expect(recorded.placemarks == batch.placemarks, "\(label)")
                    }
                }
            }
        }
    }

    @Test("live events are the live detector's, moves only when asked for, read in chunks")
    func liveEvents() throws {
        let fixes = LiveStayTests.randomTrack(seed: 5, count: 800)
        var detector = LiveStopDetector(preset: .trackintel)
        var all: [StayEvent] = []
        for f in fixes { try? detector.add(f, into: &all) }
        detector.finish(includeOpenStay: true, into: &all)
        let withoutMoves = all.filter { if case .move = $0 { false } else { true } }
        #expect(withoutMoves.count < all.count && !withoutMoves.isEmpty)

        var plain = Recorder(preset: .trackintel)
        try plain.enableLiveEvents()
        plain = Self.record(fixes, plain, includeOpenStay: true)
        #expect(plain.pendingEvents.count == withoutMoves.count)
        var read: [StayEvent] = []
        while !plain.pendingEvents.isEmpty {
            let chunk = plain.takeEvents(7)
            #expect(chunk.count == min(7, chunk.count + plain.pendingEvents.count))
            read += chunk
        }
        #expect(read == withoutMoves)
        #expect(plain.takeEvents().isEmpty)

        var withMoves = Recorder(preset: .trackintel)
        try withMoves.enableLiveEvents(includingMoves: true)
        withMoves = Self.record(fixes, withMoves, includeOpenStay: true)
        let first = Array(withMoves.pendingEvents.prefix(3))
        withMoves.dropEvents(3)
        #expect(first + withMoves.takeEvents() == all)

        let silent = Self.record(fixes, Recorder(preset: .trackintel), includeOpenStay: true)
        #expect(silent.pendingEvents.isEmpty && !silent.queuesLiveEvents)
    }

    @Test("rules, naming and live events are refused after the first fix, and nothing changes")
    func configurationBeforeTheFirstFix() throws {
        var r = Recorder(preset: .travelDiary)
        let naming = ClosureNaming { _ in "somewhere" }
        try r.configure(parameters: StopDetector.Preset.trackintel.parameters, cleaning: .standard, naming: naming)
        #expect(r.parameters == StopDetector.Preset.trackintel.parameters && r.cleaning != nil && r.naming != nil)
        try r.add(Track.fix(0))
        func refused(_ what: String, _ attempt: (inout Recorder) throws -> Void) {
            var copy = r
            #expect("\(what)") {
                try attempt(&copy)
            } throws: { error in
                let e = error as? GeoKernelError
                return e?.code == .misuse && e?.message.contains("before the first fix") == true
            }
            #expect(copy.parameters == r.parameters && copy.fixCount == 1 && !copy.queuesLiveEvents, "\(what)")
            #expect(copy.naming != nil, "\(what)")
        }
        refused("live events") { try $0.enableLiveEvents() }
        refused("naming") { try $0.configure(naming: naming) }
        refused("removing the naming") { try $0.removeNaming() }
        refused("parameters") { try $0.configure(parameters: StopDetector.Preset.travelDiary.parameters) }
        r.finish()
        #expect(r.hasStarted)
        let late = #expect(throws: GeoKernelError.self) { try r.add(Track.fix(100)) }
        #expect(late?.code == .misuse)
    }

    @Test("placemarks are named once each by the naming given, and move(leaving:) finds each move")
    func namingAndMoves() throws {
        // Three stays of 29 minutes, a minute apart (within trackintel's 15-minute gap), 2 km apart.
        var stays: [Fix] = []
        for (k, north) in [0.0, 2_000, 4_000].enumerated() {
            stays += Track.still(from: Double(k) * 1_800, count: 30, north: north)
        }
        let naming = ClosureNaming { c in c.latitude > Track.fix(0, north: 1_000).coordinate.latitude ? "north" : "south" }
        let r = Self.record(stays, Recorder(preset: .trackintel, naming: naming), includeOpenStay: true)
        #expect(r.diary.placemarks.map(\.name) == ["south", "north", "north"])
        #expect(Self.record(stays, Recorder(preset: .trackintel), includeOpenStay: true).diary.placemarks.allSatisfy { $0.name == nil })
        for k in 0..<2 {
            let m = try #require(try r.move(leaving: k))
            #expect(m.fromPlacemark == k && m.toPlacemark == k + 1)
        }
        for bad in [-2, 3] {
            let e = #expect(throws: GeoKernelError.self) { try r.move(leaving: bad) }
            #expect(e?.code == .notFound)
        }
    }
}
