import Foundation
import GeoFormats
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// Issue 13: CSV and GeoJSON input that used to trap, hang or be silently rewritten.
@Suite("Track files: hostile input")
struct TrackInputRobustnessTests {
    @Test("a CSV time of 1e19 s, or beyond the year 9999, is an error naming the line", arguments: [
        "lat,lon,time\n47,8,1e19\n", "lat,lon,time\n47,8,-1e19\n", "lat,lon,time\n47,8,253402300800\n",
        "lat,lon,time\n47,8,inf\n", "lat,lon,time\n47,8,nan\n",
    ])
    func csvTimeOutOfRange(text: String) throws {
        let e = #expect(throws: GeoKernelError.self) { try CSVTrack.decode(text, source: "t.csv") }
        #expect(e?.code == .parse && e?.message.hasPrefix("t.csv:2:") == true, "\(e?.message ?? "")")
        #expect(e?.message.contains("years 0000–9999") == true, "\(e?.message ?? "")")
        #expect(try CSVTrack.decode("lat,lon,time\n47,8,253402300799\n").first?.timestamp == 253_402_300_799)
    }

    @Test("a GeoJSON time of 1e19 s is an error, not a trap")
    func geoJSONTimeOutOfRange() throws {
        let text = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[8,47]},"properties":{"time":1e19}}"#
        let doc = try GeoJSON.decode(Data(text.utf8))
        let e = #expect(throws: GeoKernelError.self) { try TrackReader.fixes(from: doc, source: "t.geojson") }
        #expect(e?.code == .parse && e?.message.contains("years 0000–9999") == true, "\(e?.message ?? "")")
    }

    @Test("a longitude outside [-180, 180] in CSV or GeoJSON is an error, never wrapped")
    func longitudeOutOfRange() throws {
        let e = #expect(throws: GeoKernelError.self) { try CSVTrack.decode("lat,lon,time\n47,8,0\n47,190,1\n", source: "t.csv") }
        #expect(e?.code == .parse && e?.message.hasPrefix("t.csv:3:") == true
            && e?.message.contains("longitude 190.0 is outside [-180, 180]") == true, "\(e?.message ?? "")")
        #expect(try CSVTrack.decode("lat,lon,time\n47,-180,0\n47,180,1\n").count == 2)
        let text = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[-540,47]},"properties":{"time":0}}"#
        let doc = try GeoJSON.decode(Data(text.utf8))
        let g = #expect(throws: GeoKernelError.self) { try TrackReader.fixes(from: doc, source: "t.geojson") }
        #expect(g?.message.contains("longitude -540.0 is outside [-180, 180]") == true, "\(g?.message ?? "")")
        let position = GeoJSONPosition(longitude: 180.5, latitude: 0)
        #expect(throws: GeoKernelError.self) { try position.coordinate() }
    }

    @Test("a FIFO given as a track file is refused at once, in every format")
    func fifo() throws {
        let scratch = try TemporaryDirectory("gk-fifo")
        let dir = scratch.path
        for name in ["p.gpx", "p.csv", "p.geojson"] {
            let path = dir + "/" + name
            #expect(mkfifo(path, 0o644) == 0)
            let e = #expect(throws: GeoKernelError.self) { try TrackReader.read(contentsOf: path) }
            #expect(e?.code == .io && e?.message.contains("FIFO") == true, "\(e?.message ?? "")")
        }
        #expect(throws: GeoKernelError.self) { try GPX.read(contentsOf: dir + "/p.gpx") }
    }
}
