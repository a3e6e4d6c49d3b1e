import GeoFormats
import GeoKernel
import Testing
import Timeline
import _GeoKernelTestSupport

/// The trackintel preset against trackintel 1.4.2's own output on two real traces
/// (`../shared/data/traces/expected/`, made as PROVENANCE.md says).
@Suite("Stays equal trackintel's")
struct TrackintelReferenceTests {
    struct ExpectedStay {
        var startedAt: Double
        var finishedAt: Double
        var latitude: Double
        var longitude: Double
    }

    static func expected(_ name: String) throws -> [ExpectedStay] {
        try SharedData.csv("traces/expected/\(name)").map { row in
            func field(_ key: String) throws -> String { try #require(row[key], "column \(key)") }
            return ExpectedStay(
                startedAt: try #require(ISO8601Time.parse(try field("started_at"))),
                finishedAt: try #require(ISO8601Time.parse(try field("finished_at"))),
                latitude: try #require(Double(try field("lat"))),
                longitude: try #require(Double(try field("lon"))))
        }
    }

    @Test("the trackintel preset reproduces trackintel's stays to the second and the centimetre", arguments: [
        ("traces/gpxpy/korita-zbevnica.gpx", "korita-zbevnica.stays-100m-5min-gap15.csv"),
        ("traces/trackintel/google_trajectory.csv", "google_trajectory.stays-100m-5min-gap15.csv"),
    ])
    func matchesTrackintel(trace: String, expectedFile: String) throws {
        let track = try TrackReader.read(contentsOf: SharedData.path(trace))
        let diary = StopDetector(preset: .trackintel).detect(track.fixes)
        let want = try Self.expected(expectedFile)
        #expect(diary.placemarks.count == want.count)
        for (got, exp) in zip(diary.placemarks, want) {
            // Times: trackintel prints whole seconds; the fixes carry whole seconds too.
            #expect(got.arrival.rounded(.down) == exp.startedAt, "stay \(got.index) arrival")
            #expect(got.departure.rounded(.down) == exp.finishedAt, "stay \(got.index) departure")
            let where_ = try Coordinate(latitude: exp.latitude, longitude: exp.longitude)
            let off = haversineDistance(got.coordinate, where_, radiusMeters: StopDetector.earthRadiusMeters)
            #expect(off < 0.01, "stay \(got.index) is \(off) m from trackintel's")
            #expect(!got.isOpen && got.fixCount > 0)
        }
    }

    @Test("the open last window is left out unless asked for, as trackintel's include_last")
    func includeLast() throws {
        let track = try TrackReader.read(contentsOf: SharedData.path("traces/trackintel/google_trajectory.csv"))
        let closed = StopDetector(preset: .trackintel).detect(track.fixes)
        let withLast = StopDetector(preset: .trackintel).detect(track.fixes, includeOpenStay: true)
        #expect(Array(withLast.placemarks.prefix(closed.placemarks.count)) == closed.placemarks)
        let last = try #require(withLast.placemarks.last)
        #expect(withLast.placemarks.count == closed.placemarks.count + 1)
        #expect(last.isOpen)
        #expect(last.departure == track.fixes.last?.timestamp)
        #expect(last.durationSeconds >= 300)
    }
}
