import GeoKernel
import Testing
import Timeline
import _GeoKernelTestSupport

@Suite("StopDetector: the sliding window")
struct StopDetectorTests {
    let trackintel = StopDetector(preset: .trackintel)

    @Test("departure is the time of the first fix that left the place")
    func departure() throws {
        let fixes = Track.still(from: 0, count: 7) + [Track.fix(420, north: 150), Track.fix(480, north: 300)]
        let diary = trackintel.detect(fixes)
        let p = try #require(diary.placemarks.first)
        #expect(diary.placemarks.count == 1)
        #expect(p.arrival == 0 && p.departure == 420 && p.fixCount == 7 && !p.isOpen)
        #expect(haversineDistance(p.coordinate, Track.origin) < 1e-6)
    }

    @Test("a stay must last the duration: 299 s is not one, 300 s is")
    func duration() {
        let short = Track.still(from: 0, count: 2, every: 299) + [Track.fix(299.5, north: 200)]
        #expect(trackintel.detect(short).placemarks.isEmpty)
        let exact = [Track.fix(0), Track.fix(100), Track.fix(300, north: 200)]
        #expect(trackintel.detect(exact).placemarks.map(\.departure) == [300])
    }

    @Test("a fix 99 m away is still at the place, one 101 m away has left")
    func distance() {
        let inside = Track.still(from: 0, count: 6) + [Track.fix(360, north: 99)]
        #expect(trackintel.detect(inside).placemarks.isEmpty)
        let outside = Track.still(from: 0, count: 6) + [Track.fix(360, north: 101)]
        #expect(trackintel.detect(outside).placemarks.map(\.departure) == [360])
    }

    @Test("distance is measured from the window's first fix, not the previous one")
    func anchor() {
        // Creeping north 30 m a minute: every step is short, but the 4th fix is 120 m out.
        let fixes = (0..<10).map { Track.fix(Double($0) * 60, north: Double($0) * 30) }
        let diary = trackintel.detect(fixes)
        #expect(diary.placemarks.isEmpty)
        #expect(diary.moves.first?.fixes.count == 10)
    }

    @Test("a pause longer than the gap limit drops the window")
    func gap() {
        // 10 minutes at the place, 16 minutes without fixes, 4 more minutes, then away:
        // neither part alone lasted 5 minutes from its anchor to the departure.
        let fixes = Track.still(from: 0, count: 11) + Track.still(from: 600 + 960, count: 4)
            + [Track.fix(600 + 960 + 240, north: 500)]
        let diary = trackintel.detect(fixes)
        #expect(diary.placemarks.isEmpty)
        // The same track without the pause is one stay.
        let noGap = Track.still(from: 0, count: 11) + [Track.fix(660, north: 500)]
        #expect(trackintel.detect(noGap).placemarks.count == 1)
    }

    @Test("a pause of exactly the gap limit keeps the window and closes the stay, as in trackintel 1.4.2 (diff > gap)")
    func gapBoundary() {
        let fixes = Track.still(from: 0, count: 6) + [Track.fix(300 + 900, north: 500)]
        let diary = trackintel.detect(fixes)
        #expect(diary.placemarks.map(\.departure) == [1200] && diary.placemarks.first?.fixCount == 6)
        #expect(diary.fixCount == 7)
    }

    @Test("fixes worse than the accuracy limit are ignored; the limit itself is kept")
    func accuracy() throws {
        let detector = StopDetector(parameters: try StopDetector.Parameters(minimumAccuracyMeters: 160))
        var fixes = Track.still(from: 0, count: 10)
        fixes.insert(Track.fix(150, north: 900, accuracy: 800), at: 3)  // an outlier inside the stay
        fixes.append(Track.fix(600, north: 500, accuracy: 160))          // leaves, at the limit
        let diary = detector.detect(fixes)
        #expect(diary.ignoredInaccurateFixes == 1)
        #expect(diary.placemarks.map(\.fixCount) == [10])
        #expect(diary.placemarks.map(\.departure) == [600])
        // trackintel has no accuracy limit: the outlier breaks the window, the stay
        // starts again after it.
        #expect(trackintel.detect(fixes).placemarks.map(\.arrival) == [180])
    }

    @Test("a fix identical to the previous one is not stored again; the same place later is")
    func repeats() {
        let a = Track.fix(0), b = Track.fix(60)
        let fixes = [a, a, b, b, Track.fix(120), Track.fix(400, north: 200)]
        let diary = trackintel.detect(fixes)
        #expect(diary.repeatedFixes == 2)
        #expect(diary.placemarks.map(\.fixCount) == [3])
    }

    @Test("the location is the mean of the distinct positions, not weighted by repeats")
    func distinctMean() throws {
        // Five fixes at 0 m and one at 20 m north: the distinct positions are 0 and 20.
        let fixes = Track.still(from: 0, count: 5) + [Track.fix(300, north: 20), Track.fix(400, north: 300)]
        let p = try #require(trackintel.detect(fixes).placemarks.first)
        let north = (p.coordinate.latitude - 47) * Track.metersPerDegree
        #expect(abs(north - 10) < 1e-6, "\(north) m north")
    }

    @Test("longitudes are averaged on the circle: a stay on the antimeridian stays there")
    func antimeridian() throws {
        let fixes = [
            Fix.valid(10, 179.99995, 0), Fix.valid(10, -179.99995, 100), Fix.valid(10, 179.99995, 200),
            Fix.valid(10, -179.99995, 300), Fix.valid(10, 179.99, 400), Fix.valid(10, 170, 500),
        ]
        let p = try #require(trackintel.detect(fixes).placemarks.first)
        #expect(abs(p.coordinate.longitude) > 179.99, "\(p.coordinate)")
    }

    @Test("the last open window is reported only when asked for, with the last fix as departure")
    func openStay() throws {
        let fixes = [Track.fix(0, north: -500)] + Track.still(from: 60, count: 10)
        #expect(trackintel.detect(fixes).placemarks.isEmpty)
        let diary = trackintel.detect(fixes, includeOpenStay: true)
        let p = try #require(diary.placemarks.first)
        #expect(p.isOpen && p.arrival == 60 && p.departure == 600 && p.fixCount == 10)
        // Too short to be a stay even when asked for.
        #expect(trackintel.detect(Array(fixes.prefix(4)), includeOpenStay: true).placemarks.isEmpty)
    }

    @Test("a fix that leaves reports the move and then the placemark, at once")
    func eventsAsSoonAsKnown() throws {
        var d = trackintel
        for f in [Track.fix(0, north: -400), Track.fix(30, north: -200)] + Track.still(from: 60, count: 6) {
            #expect(try d.add(f).isEmpty)
        }
        let events = try d.add(Track.fix(420, north: 300))
        #expect(events.count == 2)
        guard case .move(let m) = events.first, case .placemark(let p) = events.last else {
            Issue.record("expected a move then a placemark, got \(events)")
            return
        }
        #expect(m.fromPlacemark == nil && m.toPlacemark == 0 && m.fixes.count == 2)
        #expect(m.start == 0 && m.end == 60)
        #expect(p.arrival == 60 && p.departure == 420)
        #expect(d.pendingFixes == 1)
    }

    @Test("streaming refuses a fix earlier than the previous one and stays usable")
    func order() throws {
        var d = trackintel
        _ = try d.add(Track.fix(100))
        #expect(throws: GeoKernelError.self) { _ = try d.add(Track.fix(99)) }
        do {
            _ = try d.add(Track.fix(50, accuracy: 5000))
            Issue.record("accepted a fix out of order")
        } catch {
            #expect(error.code == .order)
            #expect(error.message.contains("t=50.0") && error.message.contains("t=100.0"), "\(error.message)")
        }
        #expect(try d.add(Track.fix(100)).isEmpty)  // equal times are in order
        #expect(d.storedFixes == 1 && d.repeatedFixes == 1)
    }

    @Test("after finish the detector refuses fixes, and a second finish reports nothing")
    func finish() throws {
        var d = trackintel
        _ = try d.add(Track.fix(0))
        #expect(d.finish().count == 1)
        #expect(d.finish().isEmpty)
        do {
            _ = try d.add(Track.fix(10))
            Issue.record("accepted a fix after finish")
        } catch {
            #expect(error.code == .misuse)
        }
    }

    @Test("batch detection sorts fixes that are out of time order and says how many were")
    func batchSorts() {
        let fixes = Track.still(from: 0, count: 7) + [Track.fix(420, north: 150)]
        let shuffled = [fixes[3], fixes[0], fixes[7], fixes[1], fixes[2], fixes[6], fixes[4], fixes[5]]
        let diary = trackintel.detect(shuffled)
        #expect(diary.outOfOrderFixes == 3)
        #expect(diary.placemarks == trackintel.detect(fixes).placemarks)
    }

    @Test("placemarks are named through a reverse geocoder")
    func naming() throws {
        let cafe = Coordinate.valid(47.3655, 8.5460)
        let geocoder = ClosureNaming { c in
            haversineDistance(c, cafe) < 200 ? "Café Odeon" : nil
        }
        let detector = StopDetector(preset: .trackintel, naming: geocoder)
        let fixes = (0..<7).map { Fix.valid(47.3655, 8.5460, Double($0) * 60) }
            + (0..<7).map { Fix.valid(47.3755, 8.5460, 500 + Double($0) * 60) }
        let diary = detector.detect(fixes, includeOpenStay: true)
        #expect(diary.placemarks.map(\.name) == ["Café Odeon", nil])
    }

    @Test("parameters out of range are errors naming the value", arguments: [
        (0.0, 300.0, 900.0, 160.0, "distance"), (.nan, 300, 900, 160, "distance"),
        (100, -1, 900, 160, "duration"), (100, 300, 0, 160, "gap"), (100, 300, 900, -5, "accuracy"),
    ])
    func parameters(distance: Double, duration: Double, gap: Double, accuracy: Double, mentions: String) {
        do {
            _ = try StopDetector.Parameters(
                distanceMeters: distance, durationSeconds: duration, gapSeconds: gap, minimumAccuracyMeters: accuracy)
            Issue.record("accepted bad parameters")
        } catch {
            #expect(error.code == .invalidArgument && error.message.contains(mentions), "\(error.message)")
        }
    }

    @Test("a radius beyond half the circumference keeps even the antipode at the place")
    func hugeRadius() throws {
        let d = StopDetector(parameters: try StopDetector.Parameters(distanceMeters: 30_000_000))
        let fixes = [Fix.valid(0, 0, 0), Fix.valid(0, 179.999, 200), Fix.valid(0, -90, 400)]
        #expect(d.detect(fixes).placemarks.isEmpty)
        #expect(d.detect(fixes, includeOpenStay: true).placemarks.map(\.fixCount) == [3])
    }

    @Test("no gap and no accuracy limit are infinity")
    func unlimited() throws {
        let p = try StopDetector.Parameters(gapSeconds: .infinity, minimumAccuracyMeters: .infinity)
        #expect(p.description == "100 m for 300 s, gap limit none, accuracy limit none")
    }
}

@Suite("StopDetector presets")
struct PresetTests {
    @Test("trackintel: 100 m, 5 min, gap 15 min, no accuracy limit")
    func trackintel() {
        let p = StopDetector.Parameters.trackintel
        #expect(p.distanceMeters == 100 && p.durationSeconds == 300 && p.gapSeconds == 900)
        #expect(p.minimumAccuracyMeters == .infinity)
        #expect(StopDetector.earthRadiusMeters == 6_371_000)
        // A fix with a 1 km accuracy counts.
        let fixes = Track.still(from: 0, count: 6) + [Track.fix(360, north: 1000, accuracy: 1000)]
        #expect(StopDetector(preset: .trackintel).detect(fixes).placemarks.count == 1)
    }

    @Test("timelyMovesSeed: not moving (within 20 m) for 3 s makes a placemark, 2 s does not")
    func timelyMovesSeed() {
        let p = StopDetector.Parameters.timelyMovesSeed
        #expect(p.distanceMeters == 20 && p.durationSeconds == 3 && p.gapSeconds == .infinity)
        #expect(p.minimumAccuracyMeters == 160)
        let d = StopDetector(preset: .timelyMovesSeed)
        // Moving 25 m a second, then a pause at 0 m.
        let pause3 = [Track.fix(0, north: -50), Track.fix(1, north: -25), Track.fix(2), Track.fix(3, north: 5),
                      Track.fix(5, north: 3), Track.fix(6, north: 40)]
        #expect(d.detect(pause3).placemarks.map(\.arrival) == [2])
        let pause2 = [Track.fix(0, north: -50), Track.fix(1, north: -25), Track.fix(2), Track.fix(3, north: 5),
                      Track.fix(4, north: 40)]
        #expect(d.detect(pause2).placemarks.isEmpty)
        // A fix worse than 160 m is ignored.
        let outlier = [Track.fix(2), Track.fix(3, north: 400, accuracy: 300), Track.fix(6), Track.fix(7, north: 40)]
        #expect(d.detect(outlier).placemarks.map(\.fixCount) == [2])
    }

    @Test("travelDiary: the same location within 100 m for 900 s")
    func travelDiary() {
        let p = StopDetector.Parameters.travelDiary
        #expect(p.distanceMeters == 100 && p.durationSeconds == 900 && p.gapSeconds == .infinity)
        #expect(p.minimumAccuracyMeters == 160)
        let d = StopDetector(preset: .travelDiary)
        let fourteen = Track.still(from: 0, count: 15) + [Track.fix(14 * 60 + 59, north: 300)]
        #expect(d.detect(fourteen).placemarks.isEmpty)
        // No gap limit: a 40-minute silence inside the stay keeps it whole.
        let fifteen = Track.still(from: 0, count: 5) + Track.still(from: 2400, count: 5)
            + [Track.fix(2700, north: 300)]
        #expect(d.detect(fifteen).placemarks.map(\.arrival) == [0])
    }

    @Test("every preset is reachable by name", arguments: StopDetector.Preset.allCases)
    func byName(preset: StopDetector.Preset) {
        #expect(StopDetector.Preset(rawValue: preset.rawValue) == preset)
        #expect(StopDetector(preset: preset).parameters == preset.parameters)
    }
}
