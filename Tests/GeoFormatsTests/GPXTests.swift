import Foundation
import GeoFormats
import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("GPX reading and writing")
struct GPXTests {
    @Test("reads the real GPX 1.0 and 1.1 traces with their point counts", arguments: [
        ("traces/gpxpy/cerknicko-jezero.gpx", "1.0", 296),
        ("traces/gpxpy/korita-zbevnica.gpx", "1.0", 871),
        ("traces/gpxpy/around-visnjan-with-car.gpx", "1.1", 104),
        ("traces/movingpandas/304_to_UL_2019-02-18_0745.gpx", "1.1", 2144),
    ])
    func readsTraces(path: String, version: String, points: Int) throws {
        let doc = try GPX.read(contentsOf: SharedData.path(path))
        #expect(doc.version == version)
        #expect(doc.trackPoints.count == points)
    }

    @Test("keeps time and elevation of the first bus-ride point")
    func firstPoint() throws {
        let doc = try GPX.read(contentsOf: SharedData.path("traces/movingpandas/304_to_UL_2019-02-18_0745.gpx"))
        let p = try #require(doc.trackPoints.first)
        #expect(p.coordinate.latitude == 52.6291510 && p.coordinate.longitude == -8.6617460)
        #expect(p.elevationMeters == 19.5)
        #expect(p.time == ISO8601Time.parse("2019-02-18T07:45:50Z"))
        #expect(doc.tracks.first?.name == "304.1")
    }

    @Test("korita has 513 timestamped points and its waypoints")
    func korita() throws {
        let result = try TrackReader.read(contentsOf: SharedData.path("traces/gpxpy/korita-zbevnica.gpx"))
        #expect(result.fixes.count == 513)
        #expect(result.pointsWithoutTime == 871 - 513)
        let doc = try GPX.read(contentsOf: SharedData.path("traces/gpxpy/korita-zbevnica.gpx"))
        #expect(!doc.waypoints.isEmpty && doc.waypoints[0].name == "001")
    }

    @Test("reads routes and waypoints")
    func routes() throws {
        let text = """
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
              <wpt lat="1" lon="2"><name>W</name></wpt>
              <rte><name>R</name><rtept lat="3" lon="4"/><rtept lat="5" lon="6"><ele>7</ele></rtept></rte>
            </gpx>
            """
        let doc = try GPX.decode(Data(text.utf8))
        #expect(doc.waypoints.map(\.name) == ["W"])
        #expect(doc.routes.first?.name == "R")
        #expect(doc.routes.first?.points.count == 2)
        #expect(doc.routes.first?.points.last?.elevationMeters == 7)
    }

    @Test("writes GPX 1.1 that reads back to the same document")
    func writeRead() throws {
        let pts = (0..<5).map { i in
            GPXPoint(coordinate: try! Coordinate(latitude: 46 + Double(i) / 100, longitude: 7.5),
                     time: 1_600_000_000 + Double(i) * 1.5, elevationMeters: Double(i), name: i == 0 ? "start & <go>" : nil)
        }
        let doc = GPXDocument(tracks: [GPXTrack(name: "t", segments: [pts])], waypoints: [pts[0]])
        let back = try GPX.decode(Data(GPX.encode(doc).utf8))
        #expect(back == doc)
    }

    @Test("malformed GPX gives an error naming the line", arguments: [
        ("<gpx version=\"1.1\">\n<trk><trkseg>\n<trkpt lat=\"95\" lon=\"1\"/>\n</trkseg></trk></gpx>", ":3:"),
        ("<gpx version=\"1.1\">\n<trk><trkseg>\n<trkpt lon=\"1\"/></trkseg></trk></gpx>", "needs lat and lon"),
        ("<gpx version=\"1.1\"><trk><trkseg>\n\n<trkpt lat=\"1\" lon=\"1\"><time>noon</time></trkpt></trkseg></trk></gpx>", ":3:"),
        ("<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"1\" lon=\"1\">", "GPX"),
        ("<kml><Placemark/></kml>", "not a GPX file"),
        ("not xml at all", "GPX"),
    ])
    func malformed(text: String, mentions: String) {
        do {
            _ = try GPX.decode(Data(text.utf8))
            Issue.record("accepted malformed GPX: \(text)")
        } catch {
            #expect(error.code == .parse)
            #expect(error.message.contains(mentions), "\(error.message)")
        }
    }
}
