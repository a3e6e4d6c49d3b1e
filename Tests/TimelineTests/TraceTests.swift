import Foundation
import GeoFormats
import GeoKernel
import Testing
import Timeline
import _GeoKernelTestSupport

/// Every real trace in `../shared/data/traces/`, through every preset.
@Suite("Real traces: streaming, batch and the partition of fixes")
struct TraceTests {
    /// Files under traces/ that are not tracks: expected outputs and bus-stop locations.
    static let notTraces: Set<String> = [
        "movingpandas/stops_304_to_ul.csv", "movingpandas/stops_304_to_ul.gpkg", "movingpandas/304.README",
    ]

    /// Every track file under traces/, found by listing the folder (so a new trace is
    /// tested without editing this list).
    static let traces: [String] = {
        let root = SharedData.path("traces")
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return files.filter { f in
            !f.hasPrefix("expected/") && !notTraces.contains(f) && TrackFormat(path: f) != nil
        }.sorted()
    }()

    @Test("the shared folder holds the traces we expect to test")
    func inventory() {
        #expect(Self.traces.count >= 6, "\(Self.traces)")
        #expect(Self.traces.contains("gpxpy/korita-zbevnica.gpx"))
        #expect(Self.traces.contains("trackintel/google_trajectory.csv"))
    }

    static var cases: [(String, StopDetector.Preset)] {
        traces.flatMap { t in StopDetector.Preset.allCases.map { (t, $0) } }
    }

    @Test("streaming one fix at a time equals batch detection", arguments: cases)
    func streamingEqualsBatch(trace: String, preset: StopDetector.Preset) throws {
        let fixes = try TrackReader.read(contentsOf: SharedData.path("traces/" + trace)).fixes
        for includeOpen in [false, true] {
            let detector = StopDetector(preset: preset)
            let batch = detector.detect(fixes, includeOpenStay: includeOpen)
            let (events, streamed) = try Track.stream(fixes, detector, includeOpenStay: includeOpen)
            #expect(streamed == batch, "\(trace) \(preset) includeOpenStay \(includeOpen)")
            #expect(events.count == batch.segments.count)
        }
    }

    @Test("placemarks and transits partition the stored fixes, in time order", arguments: cases)
    func partition(trace: String, preset: StopDetector.Preset) throws {
        let read = try TrackReader.read(contentsOf: SharedData.path("traces/" + trace))
        let diary = StopDetector(preset: preset).detect(read.fixes, includeOpenStay: true)
        try Self.checkPartition(diary, given: read.fixes.count, parameters: preset.parameters)
    }

    /// Every stored fix is in exactly one placemark or one move, and the segments tile time.
    /// With the trackintel departure rule and no signal gaps, a move starts with the fix
    /// that left; otherwise (departure at the last fix inside) its first fix comes later.
    static func checkPartition(_ diary: Diary, given: Int, parameters: StopDetector.Parameters) throws {
        let stored = given - diary.ignoredInaccurateFixes - diary.repeatedFixes - diary.cleanedInaccurateFixes
            - diary.cleanedImpossibleFixes
        #expect(diary.fixCount == stored)
        let transit = diary.transit
        let inTransit = transit.fixesBeforeFirstPlacemark.count + transit.fixesLeaving.values.reduce(0) { $0 + $1.count }
        #expect(inTransit + diary.placemarks.reduce(0) { $0 + $1.fixCount } == stored)
        #expect(Set(transit.fixesLeaving.keys) == Set(diary.placemarks.map(\.index)))
        #expect(diary.placemarks.map(\.index) == Array(diary.placemarks.indices))
        // Segments in time order: each starts where the previous ended, stays and moves
        // alternate after the first placemark, every move's fixes lie in [start, end].
        for (a, b) in zip(diary.segments, diary.segments.dropFirst()) {
            #expect(a.end == b.start, "\(a) then \(b)")
            if case .stay = a, case .stay = b { Issue.record("two stays without a move between them") }
            if case .move = a, case .move = b { Issue.record("two moves in a row") }
        }
        for m in diary.moves {
            #expect(m.start <= m.end)
            #expect(m.fixes.allSatisfy { $0.timestamp >= m.start && $0.timestamp <= m.end })
            #expect(zip(m.fixes, m.fixes.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
            if let k = m.fromPlacemark, let first = m.fixes.first {
                if parameters.departure == .firstFixOutside, parameters.signalGapSeconds == .infinity {
                    #expect(first.timestamp == diary.placemarks[k].departure, "a move starts with the fix that left")
                } else {
                    #expect(first.timestamp >= diary.placemarks[k].departure, "a move starts after the departure")
                }
            }
            #expect(m.distanceMeters >= 0 && m.distanceMeters.isFinite)
        }
        for (k, p) in diary.placemarks.enumerated() where k > 0 {
            #expect(p.arrival >= diary.placemarks[k - 1].departure)
        }
    }

    @Test("the transit keys the fixes by the index of the place they leave")
    func transitModel() throws {
        // A → (walk) → B → (no fixes between) → C, then walking on.
        let a = Track.still(from: 0, count: 6)
        let walk = [Track.fix(360, north: 300), Track.fix(420, north: 600)]
        let b = Track.still(from: 480, count: 6, north: 900)
        let c = Track.still(from: 840, count: 6, north: 1200)
        let after = [Track.fix(1200, north: 1500), Track.fix(1260, north: 1800)]
        let diary = StopDetector(preset: .trackintel).detect([Track.fix(-60, north: -400)] + a + walk + b + c + after)
        let t = diary.transit
        #expect(t.placemarks.map(\.arrival) == [0, 480, 840])
        #expect(t.fixesBeforeFirstPlacemark.map(\.timestamp) == [-60])
        #expect(t.fixesLeaving[0]?.map(\.timestamp) == [360, 420])
        #expect(t.fixesLeaving[1]?.isEmpty == true)
        #expect(t.fixesLeaving[2]?.map(\.timestamp) == [1200, 1260])
        #expect(diary.moves.map(\.fromPlacemark) == [nil, 0, 1, 2])
        #expect(diary.moves.map(\.toPlacemark) == [0, 1, 2, nil])
        // The empty move from B to C still has its length: 300 m between the places.
        expectClose(diary.moves[2].distanceMeters, 300, tolerance: 1e-6, "B to C")
        #expect(diary.moves[2].durationSeconds == 0)
        // A to B: 0 → 300 → 600 → 900 m.
        expectClose(diary.moves[1].distanceMeters, 900, tolerance: 1e-6, "A to B")
        #expect(diary.moves[1].start == 360 && diary.moves[1].end == 480)
    }
}
