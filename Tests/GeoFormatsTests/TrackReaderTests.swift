import Foundation
import GeoFormats
import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("TrackReader and the fast GPX path")
struct TrackReaderTests {
    static let gpxTraces = [
        "traces/gpxpy/cerknicko-jezero.gpx", "traces/gpxpy/korita-zbevnica.gpx",
        "traces/gpxpy/around-visnjan-with-car.gpx", "traces/movingpandas/304_to_UL_2019-02-18_0745.gpx",
    ]

    /// A file in the temporary directory, removed when the test ends.
    static func withTemporaryFile(_ name: String, _ text: String, _ body: (String) throws -> Void) throws {
        try TemporaryDirectory.with("gk-track-reader") { dir in
            try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
            try body(dir + "/" + name)
        }
    }

    @Test("a track in memory reads as the same file does, its format told from the content", arguments: gpxTraces + [
        "traces/trackintel/google_trajectory.csv", "traces/trackintel/posmo_trajectory.csv",
    ])
    func bytesReadLikeTheFile(trace: String) throws {
        let path = SharedData.path(trace)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let fromFile = try TrackReader.read(contentsOf: path)
        let fromBytes = try TrackReader.read(bytes: bytes, source: "memory")
        #expect(TrackFormat(sniffing: bytes) == TrackFormat(path: path))
        #expect(fromBytes.fixes == fromFile.fixes && !fromFile.fixes.isEmpty)
        #expect(fromBytes.outOfOrderCount == fromFile.outOfOrderCount && fromBytes.pointsWithoutTime == fromFile.pointsWithoutTime)
    }

    @Test("sniffing: < is GPX, { or [ is GeoJSON after blanks and a byte-order mark, anything else CSV")
    func sniffing() {
        #expect(TrackFormat(sniffing: Array("  \n<?xml".utf8)) == .gpx)
        #expect(TrackFormat(sniffing: [0xEF, 0xBB, 0xBF] + Array("{\"type\"".utf8)) == .geojson)
        #expect(TrackFormat(sniffing: Array("\t[".utf8)) == .geojson)
        #expect(TrackFormat(sniffing: Array("lat,lon,time".utf8)) == .csv)
        #expect(TrackFormat(sniffing: []) == .csv)
    }

    @Test("the fast path gives the same fixes as the GPX document, for every real GPX trace", arguments: gpxTraces)
    func fastPathEqualsDocument(trace: String) throws {
        let path = SharedData.path(trace)
        let doc = try GPX.decode(try Data(contentsOf: URL(fileURLWithPath: path)), source: path)
        #expect(try GPX.read(contentsOf: path) == doc, "streaming from the file reads the same document")
        let expected = try doc.trackPoints.compactMap { p -> Fix? in
            guard let t = p.time else { return nil }
            return try Fix(coordinate: p.coordinate, timestamp: t, elevationMeters: p.elevationMeters)
        }
        let read = try TrackReader.read(contentsOf: path)
        #expect(read.fixes == TrackReader.ordered(expected).fixes)
        #expect(read.pointsWithoutTime == doc.trackPoints.count - expected.count)
    }

    @Test("numbers in GPX read exactly as Double(String) reads them")
    func numbersExact() throws {
        var rng = SeededRandom(seed: 17)
        var texts = ["0", "-0.0", "+1.5", "47.", ".5", " 12.25 ", "1e-3", "-8.5E1", "89.99999999999999999",
                     "0.12345678901234567890", "0.000000000000000000000001", "45.0000000000000000001"]
        for _ in 0..<3000 {
            let digits = Int(rng.uniform(0, 16))
            let v = rng.uniform(-90, 90)
            texts.append(String(format: "%.\(digits)f", v))
        }
        var gpx = "<gpx version=\"1.1\"><trk><trkseg>\n"
        for t in texts { gpx += "<trkpt lat=\"\(t)\" lon=\"\(t)\"><ele>\(t)</ele></trkpt>\n" }
        gpx += "</trkseg></trk></gpx>"
        let points = try GPX.decode(Data(gpx.utf8)).trackPoints
        #expect(points.count == texts.count)
        for (p, t) in zip(points, texts) {
            let want = try #require(Double(t.trimmingCharacters(in: .whitespaces)))
            #expect(p.coordinate.latitude.bitPattern == want.bitPattern, "latitude \"\(t)\"")
            #expect(p.elevationMeters?.bitPattern == want.bitPattern, "elevation \"\(t)\"")
        }
    }

    @Test("a GPX without a track gives its route points, else its waypoints, as fixes")
    func routesAndWaypoints() throws {
        let route = """
            <gpx version="1.1"><wpt lat="1" lon="1"><time>2020-01-01T00:00:00Z</time></wpt>
            <rte><rtept lat="2" lon="2"><time>2020-01-01T00:01:00Z</time></rtept>
            <rtept lat="3" lon="3"/><rtept lat="4" lon="4"><time>2020-01-01T00:00:30Z</time></rtept></rte></gpx>
            """
        try Self.withTemporaryFile("route.gpx", route) { path in
            let r = try TrackReader.read(contentsOf: path)
            #expect(r.fixes.map(\.coordinate.latitude) == [4, 2])
            #expect(r.pointsWithoutTime == 1 && r.outOfOrderCount == 1)
        }
        let waypoints = """
            <gpx version="1.0"><wpt lat="5" lon="5"><time>2020-01-01T00:00:00Z</time></wpt>
            <wpt lat="6" lon="6"><time>2020-01-01T00:02:00Z</time></wpt></gpx>
            """
        try Self.withTemporaryFile("waypoints.gpx", waypoints) { path in
            let r = try TrackReader.read(contentsOf: path)
            #expect(r.fixes.map(\.coordinate.latitude) == [5, 6])
        }
    }

    @Test("a missing file or a directory is an input/output error naming the path")
    func ioErrors() throws {
        let tmp = try TemporaryDirectory("gk-track-reader")
        for path in ["/nonexistent/track.gpx", "/nonexistent/track.csv", tmp.path + "/"] {
            do {
                _ = try TrackReader.read(contentsOf: path, format: .gpx)
                Issue.record("read \(path)")
            } catch {
                #expect(error.code == .io && error.message.contains(path), "\(error.message)")
            }
        }
    }

    @Test("malformed GPX read from a file names the file and the line")
    func malformedFile() throws {
        try Self.withTemporaryFile("bad.gpx", "<gpx version=\"1.1\"><trk><trkseg>\n<trkpt lat=\"1\" lon=\"x\"/>") { path in
            do throws(GeoKernelError) {
                _ = try TrackReader.read(contentsOf: path)
                Issue.record("accepted a bad GPX file")
            } catch {
                #expect(error.code == .parse && error.message.hasPrefix(path + ":2:"), "\(error.message)")
            }
        }
    }

    @Test("the format comes from the extension, and an unknown one is refused")
    func formats() {
        #expect(TrackFormat(path: "a/b.GPX") == .gpx && TrackFormat(path: "t.geojson") == .geojson)
        #expect(TrackFormat(path: "t.csv") == .csv && TrackFormat(path: "t.kml") == nil)
        do {
            _ = try TrackReader.read(contentsOf: "track.kml")
            Issue.record("accepted .kml")
        } catch {
            #expect(error.code == .invalidArgument)
        }
    }
}
