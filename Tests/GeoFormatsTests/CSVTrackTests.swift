import GeoFormats
import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("CSV tracks")
struct CSVTrackTests {
    @Test("reads both trackintel layouts with accuracy", arguments: [
        ("traces/trackintel/google_trajectory.csv", 416),
        ("traces/trackintel/posmo_trajectory.csv", 1327),
    ])
    func readsLayouts(path: String, count: Int) throws {
        let fixes = try CSVTrack.read(contentsOf: SharedData.path(path))
        #expect(fixes.count == count)
        #expect(fixes.allSatisfy { $0.horizontalAccuracyMeters != nil })
    }

    @Test("the first google fix has its coordinate, time and accuracy")
    func googleFirst() throws {
        let f = try #require(try CSVTrack.read(contentsOf: SharedData.path("traces/trackintel/google_trajectory.csv")).first)
        #expect(f.coordinate.latitude == 47.3766094 && f.coordinate.longitude == 8.5484732)
        #expect(f.timestamp == ISO8601Time.parse("2012-12-18T21:30:35Z"))
        #expect(f.horizontalAccuracyMeters == 20)
    }

    @Test("google's newest-first file is sorted and its disorder reported")
    func sorts() throws {
        let r = try TrackReader.read(contentsOf: SharedData.path("traces/trackintel/google_trajectory.csv"))
        #expect(r.fixes.count == 416)
        #expect(r.outOfOrderCount > 0)
        #expect(zip(r.fixes, r.fixes.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
    }

    @Test("comma separated, quoted fields and epoch seconds work")
    func commaAndQuotes() throws {
        let text = "\"name\",lat,lon,time\n\"a, b\",1.5,2.5,100\n\"c\",-3,4,2020-01-01T00:00:00Z\n"
        let fixes = try CSVTrack.decode(text)
        #expect(fixes.count == 2)
        #expect(fixes[0].timestamp == 100 && fixes[0].coordinate.latitude == 1.5)
        #expect(fixes[1].timestamp == 1_577_836_800)
    }

    @Test("bad rows give errors naming the line", arguments: [
        ("lat,lon,time\n1,2,3\nx,2,3\n", ":3: latitude \"x\""),
        ("lat,lon,time\n91,2,3\n", ":2:"),
        ("lat,lon,time\n1,2\n", "missing time"),
        ("lat,lon,time\n1,2,sometime\n", "neither ISO 8601"),
        ("a,b,c\n1,2,3\n", "no latitude column"),
        ("lat,lon,time,accuracy\n1,2,3,-5\n", "accuracy"),
    ])
    func badRows(text: String, mentions: String) {
        do {
            _ = try CSVTrack.decode(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.code == .parse)
            #expect(error.message.contains(mentions), "\(error.message)")
        }
    }
}
