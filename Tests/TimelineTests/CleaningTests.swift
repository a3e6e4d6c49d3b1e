import Foundation
import GeoFormats
import GeoKernel
import Simulation
import Testing
import Timeline
import _GeoKernelTestSupport

/// The cleaning stage (`TrackCleaning`, `TrackCleaner`), the detector's signal gaps and the
/// `timelyMoves` preset, on hand-made tracks and on the shared traces.
@Suite("Cleaning: impossible speeds, accuracy outliers, signal gaps")
struct CleaningTests {
    static let posmo = "traces/trackintel/posmo_trajectory.csv"
    static let cerknicko = "traces/gpxpy/cerknicko-jezero.gpx"

    static func fixes(_ path: String) throws -> [Fix] { try TrackReader.read(contentsOf: SharedData.path(path)).fixes }

    /// Length in metres of a path through `coordinates` (haversine, R = 6 371 000 m).
    static func length(_ coordinates: [Coordinate]) -> Double {
        zip(coordinates, coordinates.dropFirst()).reduce(0) {
            $0 + haversineDistance($1.0, $1.1, radiusMeters: StopDetector.earthRadiusMeters)
        }
    }

    @Test("a single 2 km jump within 5 s is dropped; the fixes around it are kept")
    func spike() {
        let fixes = (0..<10).map { Track.fix(Double($0) * 5, north: Double($0) * 50, accuracy: 10) }
        var withSpike = fixes
        withSpike[5] = Track.fix(25, north: 2250, accuracy: 10)
        let (kept, cleaner) = TrackCleaner.clean(withSpike)
        #expect(kept.map(\.timestamp) == fixes.map(\.timestamp).filter { $0 != 25 })
        #expect(cleaner.droppedImpossibleFixes == 1 && cleaner.droppedInaccurateFixes == 0)
    }

    @Test("a cluster of wrong fixes that agree with each other is dropped, where the both-neighbours rule keeps it")
    func cluster() throws {
        // Walking north 10 m/s... a train at 40 m/s; three fixes at a cell position 3 km east.
        var fixes = (0..<20).map { Track.fix(Double($0) * 5, north: Double($0) * 200, accuracy: 20) }
        for k in 8...10 { fixes[k] = Track.fix(Double(k) * 5, north: 1600, east: 3000, accuracy: nil) }
        let (kept, c) = TrackCleaner.clean(fixes)
        #expect(kept.count == 17 && c.droppedImpossibleFixes == 3)
        // The plain rule (confirmation by the next fix alone) keeps the cluster.
        let plain = try TrackCleaning(confirmationFixes: 2, confirmationSeconds: 0, unmeasuredConfirmationSeconds: 0)
        #expect(TrackCleaner.clean(fixes, rules: plain).fixes.count == 20)
    }

    @Test("a real jump (measured fixes that agree for 30 s) is believed, and so is a wrong first fix's successor run")
    func confirmedJump() {
        // 2 km east after a tunnel of 10 s: impossible at 50 m/s, but it goes on.
        let before = (0..<5).map { Track.fix(Double($0), north: 0, accuracy: 5) }
        let after = (0..<40).map { Track.fix(15 + Double($0), north: 0, east: 2000 + Double($0) * 20, accuracy: 5) }
        let (kept, c) = TrackCleaner.clean(before + after)
        #expect(c.droppedImpossibleFixes == 0 && kept.count == 45)
        // Released only once confirmed: 3 fixes over 30 s.
        var cleaner = TrackCleaner()
        var out: [Fix] = []
        for f in before + after.prefix(30) { cleaner.add(f, into: &out) }
        #expect(out.count == 5 && cleaner.heldFixes == 30)
        cleaner.add(after[30], into: &out)
        #expect(out.count == 36 && cleaner.heldFixes == 0)
    }

    @Test("accuracy outliers are dropped; 0 m counts as unmeasured, not as perfect")
    func accuracy() throws {
        let fixes = [Track.fix(0, accuracy: 10), Track.fix(5, north: 20, accuracy: 250), Track.fix(10, north: 40, accuracy: 0),
                     Track.fix(15, north: 60, accuracy: 100)]
        let (kept, c) = TrackCleaner.clean(fixes)
        #expect(kept.map(\.timestamp) == [0, 10, 15] && c.droppedInaccurateFixes == 1)
        #expect(throws: GeoKernelError.self) { try TrackCleaning(maximumSpeedMetersPerSecond: 0) }
        #expect(throws: GeoKernelError.self) { try TrackCleaning(maximumAccuracyMeters: .nan) }
        #expect(throws: GeoKernelError.self) { try TrackCleaning(confirmationFixes: 0) }
        #expect(TrackCleaning(mode: .everyday) == .standard)
        #expect(TrackCleaning.Mode.allCases.map(\.maximumSpeedMetersPerSecond) == [10, 25, 50, 100, 300])
    }

    @Test("a stay goes on across a signal gap when the positions agree, and ends before it when they do not")
    func signalGap() throws {
        let p = try StopDetector.Parameters(
            distanceMeters: 50, durationSeconds: 180, gapSeconds: .infinity, minimumAccuracyMeters: .infinity,
            signalGapSeconds: 120, departure: .lastFixInside)
        let d = StopDetector(parameters: p)
        // At the place 0…240 s, 10 minutes without fixes, back at the place: one stay.
        let agree = Track.still(from: 0, count: 5) + Track.still(from: 840, count: 3) + [Track.fix(1020, north: 500)]
        #expect(d.detect(agree).placemarks.map { [$0.arrival, $0.departure] } == [[0, 960]])
        // One fix, 10 minutes without fixes, 2.3 km away: no one-fix stay, a 600 s move.
        let apart = [Track.fix(0, north: -300), Track.fix(30), Track.fix(630, north: 2300), Track.fix(660, north: 2600)]
        let diary = d.detect(apart)
        #expect(diary.placemarks.isEmpty)
        // A 4-minute stay, then the gap: departs at its last fix; the move spans the gap.
        let stayThenGap = Track.still(from: 0, count: 5) + [Track.fix(840, north: 2300), Track.fix(870, north: 2600)]
        let d2 = d.detect(stayThenGap)
        #expect(d2.placemarks.map { [$0.arrival, $0.departure] } == [[0, 240]])
        #expect(d2.moves.last.map { $0.start == 240 && $0.end == 870 } == true)
        // trackintel's own rule keeps the one-fix "stay" and the 0 s move (the symptom).
        let seed = StopDetector(parameters: try StopDetector.Parameters(
            distanceMeters: 50, durationSeconds: 180, gapSeconds: .infinity, minimumAccuracyMeters: .infinity))
        #expect(seed.detect(apart).placemarks.map(\.fixCount) == [1])
    }

    /// The POSMO ride's length along the railway, the reference: the fixes with a measured
    /// accuracy (GPS: > 0 m; POSMO's network fixes say 0 m), cleaned with the plain
    /// both-neighbours rule at 50 m/s, simplified by Douglas–Peucker at 50 m (the GPS
    /// accuracy of a phone in a train) so that jitter does not count. On a train the GPS
    /// fixes lie on the track, so this is its length along the rails (≈ 82 km; the issue's
    /// 67 km is the straight line from start to end, 67.2 km).
    static func posmoRailwayLength() throws -> Double {
        let gps = try fixes(posmo).filter { ($0.horizontalAccuracyMeters ?? 0) > 0 }
        let plain = try TrackCleaning(
            maximumAccuracyMeters: .infinity, confirmationFixes: 2, confirmationSeconds: 0, unmeasuredConfirmationSeconds: 0)
        let cleaned = TrackCleaner.clean(gps, rules: plain).fixes.map(\.coordinate)
        return length(try cleaned.simplified(toleranceMeters: 50))
    }

    @Test("POSMO: the cleaned diary's ride is within 10 % of its length along the railway (raw: 199 km)")
    func posmoLength() throws {
        let all = try Self.fixes(Self.posmo)
        let reference = try Self.posmoRailwayLength()
        #expect(reference > 75_000 && reference < 90_000, "reference \(reference) m")
        let straight = haversineDistance(all.first!.coordinate, all.last!.coordinate, radiusMeters: StopDetector.earthRadiusMeters)
        #expect(abs(straight - 67_200) < 100)
        let raw = StopDetector(preset: .timelyMoves).detect(all, includeOpenStay: true)
        let rawLength = raw.moves.reduce(0) { $0 + $1.distanceMeters }
        #expect(rawLength > 150_000, "without cleaning the jumps inflate it: \(rawLength) m")
        let diary = StopDetector(preset: .timelyMoves, cleaning: .standard).detect(all, includeOpenStay: true)
        let ride = diary.moves.reduce(0) { $0 + $1.distanceMeters }
        #expect(abs(ride - reference) <= 0.10 * reference, "ride \(ride) m, railway \(reference) m")
        #expect(diary.cleanedImpossibleFixes > 50)
        for m in diary.moves where m.durationSeconds > 0 {
            #expect(m.distanceMeters / m.durationSeconds < 60, "\(m.distanceMeters) m in \(m.durationSeconds) s")
        }
    }

    @Test("cerknicko-jezero: with cleaning and timelyMoves, no zero-second moves, no one-fix stays, no move faster than the top speed")
    func cerknicko() throws {
        let all = try Self.fixes(Self.cerknicko)
        // The symptom first: trackintel's rule turns a 614 s gap into a one-fix stay and a 2.32 km move in 0 s.
        let seed = StopDetector(preset: .trackintel).detect(all, includeOpenStay: true)
        #expect(seed.placemarks.contains { $0.fixCount == 1 })
        #expect(seed.moves.contains { $0.durationSeconds == 0 && $0.distanceMeters > 1000 })
        for includeOpen in [false, true] {
            let diary = StopDetector(preset: .timelyMoves, cleaning: .standard).detect(all, includeOpenStay: includeOpen)
            #expect(!diary.placemarks.isEmpty)
            for p in diary.placemarks {
                #expect(p.fixCount > 1, "one-fix stay \(p)")
                #expect(p.durationSeconds >= 180)
            }
            for m in diary.moves {
                #expect(m.durationSeconds > 0, "zero-second move \(m.distanceMeters) m")
                #expect(m.distanceMeters / m.durationSeconds <= TrackCleaning.standard.maximumSpeedMetersPerSecond)
            }
            try TraceTests.checkPartition(diary, given: all.count, parameters: .timelyMoves)
        }
    }

    @Test("timelyMoves finds the four stays of each simulated day (a noisy first fix does not split one)")
    func timelyMovesOnSimulatedDays() {
        for seed in [7, 2024, 1, 2, 3] as [UInt64] {
            let day = SimulatedDay(seed: seed)
            let diary = StopDetector(preset: .timelyMoves, cleaning: .standard).detect(day.fixes, includeOpenStay: true)
            #expect(diary.placemarks.count == day.stays.count, "seed \(seed)")
            for (p, truth) in zip(diary.placemarks, day.stays) {
                #expect(abs(p.arrival - truth.arrival) < 300 && abs(p.departure - truth.departure) < 300, "seed \(seed)")
            }
        }
    }

    @Test("timelyMoves finds the hike's real pauses, not hundreds of placemarks as the seed's 3 s rule does")
    func timelyMovesOnHike() throws {
        let all = try Self.fixes("traces/gpxpy/korita-zbevnica.gpx")
        let seed = StopDetector(preset: .timelyMovesSeed).detect(all, includeOpenStay: true)
        #expect(seed.placemarks.count > 200)
        let diary = StopDetector(preset: .timelyMoves, cleaning: .standard).detect(all, includeOpenStay: true)
        #expect(diary.placemarks.count >= 2 && diary.placemarks.count <= 15, "\(diary.placemarks.count) placemarks")
        #expect(diary.placemarks.allSatisfy { $0.fixCount > 1 && $0.durationSeconds >= 180 })
    }

    @Test("every shared trace, cleaned: the partition of fixes holds and no move is faster than the top speed", arguments: TraceTests.traces)
    func cleanedTraces(trace: String) throws {
        let all = try Self.fixes("traces/" + trace)
        for preset in StopDetector.Preset.allCases {
            let diary = StopDetector(preset: preset, cleaning: .standard).detect(all, includeOpenStay: true)
            try TraceTests.checkPartition(diary, given: all.count, parameters: preset.parameters)
        }
        let diary = StopDetector(preset: .timelyMoves, cleaning: .standard).detect(all, includeOpenStay: true)
        for m in diary.moves {
            #expect(m.durationSeconds > 0 || m.distanceMeters == 0, "\(trace): \(m.distanceMeters) m in 0 s")
        }
        #expect(diary.placemarks.allSatisfy { $0.fixCount > 1 }, "\(trace)")
    }

    @Test("distances from the centroid keep a stay whole that a noisy first fix splits when measured from it")
    func centroidAnchor() throws {
        let norths: [Double] = [40, 20, 10, 0, -5, -12, -8, 0, 5, -10]
        let fixes = norths.enumerated().map { Track.fix(Double($0.offset) * 60, north: $0.element) }
            + [Track.fix(600, north: 400)]
        func stays(_ anchor: StopDetector.Parameters.Anchor) throws -> [Placemark] {
            let p = try StopDetector.Parameters(
                distanceMeters: 50, durationSeconds: 180, gapSeconds: .infinity, minimumAccuracyMeters: .infinity,
                departure: .lastFixInside, anchor: anchor)
            return StopDetector(parameters: p).detect(fixes).placemarks
        }
        // From the first fix (40 m north), the fix 12 m south is 52 m away: the stay ends
        // there and a second one begins, at the same place.
        #expect(try stays(.firstFix).map(\.departure) == [240, 540])
        // From the centroid (13 m north by then) it is 25 m away: one stay of ten fixes.
        let whole = try stays(.centroid)
        #expect(whole.map(\.departure) == [540] && whole.first?.fixCount == 10)
        // Once established (180 s: the fix at 180 s), the centroid takes over: also whole.
        #expect(try stays(.centroidOnceEstablished) == whole)
        // Strolling 20 m a minute never makes a stay from the first fix (60 m out after
        // 2 minutes); from the centroid, which follows at half the pace, it does.
        let walk = (0..<12).map { Track.fix(Double($0) * 60, north: Double($0) * 20) }
        func count(_ a: StopDetector.Parameters.Anchor) throws -> Int {
            let p = try StopDetector.Parameters(
                distanceMeters: 50, durationSeconds: 180, gapSeconds: .infinity, minimumAccuracyMeters: .infinity,
                departure: .lastFixInside, anchor: a)
            return StopDetector(parameters: p).detect(walk).placemarks.count
        }
        #expect(try count(.firstFix) == 0 && count(.centroidOnceEstablished) == 0 && count(.centroid) > 0)
    }
}
