import Foundation
import GeoFormats
import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("GeoJSON reading and writing")
struct GeoJSONTests {
    @Test("reads every Turf simplify fixture and writes it back unchanged", arguments: [
        "argentina", "featurecollection", "fiji-hiQ", "geometrycollection", "issue-#1144",
        "linestring", "multilinestring", "poly-issue#555-5", "polygon", "simple-polygon",
    ])
    func roundTrip(name: String) throws {
        let doc = try GeoJSON.read(contentsOf: SharedData.path("lines/turf/simplify/in/\(name).geojson"))
        #expect(!doc.features.isEmpty)
        #expect(try GeoJSON.decode(GeoJSON.encode(doc)) == doc)
    }

    @Test("reads the 28 458-vertex route as one LineString")
    func bigRoute() throws {
        let doc = try GeoJSON.read(contentsOf: SharedData.path("lines/turf/line-slice-along_route1.geojson"))
        guard case .lineString(let ps)? = doc.features.first?.geometry else {
            Issue.record("not a LineString"); return
        }
        #expect(ps.count == 28_458)
    }

    @Test("writes properties with sorted keys and integral numbers without a fraction")
    func writes() throws {
        let f = GeoJSONFeature(
            id: 7, geometry: .point(GeoJSONPosition(longitude: 8.5, latitude: 47.25)),
            properties: ["name": "Zürich \"HB\"", "n": 3, "ok": true, "none": nil])
        #expect(GeoJSON.encode(.featureCollection([f])) == #"{"type":"FeatureCollection","features":[{"type":"Feature","id":7,"geometry":{"type":"Point","coordinates":[8.5,47.25]},"properties":{"n":3,"name":"Zürich \"HB\"","none":null,"ok":true}}]}"#)
    }

    @Test("reads fixes from a LineString with coordTimes and from timed Points")
    func fixes() throws {
        let text = """
            {"type":"FeatureCollection","features":[
             {"type":"Feature","geometry":{"type":"LineString","coordinates":[[8,47],[8.1,47.1,500]]},
              "properties":{"coordTimes":["2020-01-01T00:00:10Z","2020-01-01T00:00:20Z"]}},
             {"type":"Feature","geometry":{"type":"Point","coordinates":[8.2,47.2]},"properties":{"time":1577836805,"accuracy":12}},
             {"type":"Feature","geometry":{"type":"Point","coordinates":[8.3,47.3]},"properties":{}}]}
            """
        let (fixes, missing) = try TrackReader.fixes(from: try GeoJSON.decode(text))
        #expect(fixes.count == 3 && missing == 1)
        let r = TrackReader.ordered(fixes)
        #expect(r.outOfOrderCount == 1)
        #expect(r.fixes.map(\.timestamp) == [1_577_836_805, 1_577_836_810, 1_577_836_820])
        #expect(r.fixes[0].horizontalAccuracyMeters == 12)
        #expect(r.fixes[2].elevationMeters == 500)
    }

    @Test("malformed GeoJSON gives errors naming the JSON path", arguments: [
        (#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1]},"properties":{}}]}"#, "features[0].geometry.coordinates"),
        (#"{"type":"FeatureCollection"}"#, "features"),
        (#"{"type":"LineString","coordinates":[[0,0],[0,95]]}"#, "coordinates[1]"),
        (#"{"type":"Blob","coordinates":[]}"#, "unknown geometry type"),
        (#"{"type":"Feature","geometry":null,"properties":5}"#, "properties"),
        (#"{"type": "Feature", "#, "not valid JSON"),
        (#"{"type":"Feature","geometry":null,"properties":{"a":1,"a":2}}"#, #"duplicate key "a""#),
        (#"{"type":"Point","coordinates":[1e999,0]}"#, "out of range"),
    ])
    func malformed(text: String, mentions: String) {
        do {
            _ = try GeoJSON.decode(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.code == .parse)
            #expect(error.message.contains(mentions), "\(error.message)")
        }
    }

    @Test("bytes that are not UTF-8 are refused with line and column, never replaced")
    func notUTF8() {
        var bytes = Array(#"{"type":"Feature","geometry":null,"properties":{"name":"Caf"#.utf8)
        bytes += [0xE9] + Array(#""}}"#.utf8)  // Latin-1 é
        do {
            _ = try GeoJSON.decode(Data(bytes), source: "latin1.geojson")
            Issue.record("accepted Latin-1 text")
        } catch {
            #expect(error.code == .parse)
            #expect(error.message.hasPrefix("latin1.geojson: not valid JSON") && error.message.contains("invalid UTF-8")
                && error.message.contains("line 1, column 60"), "\(error.message)")
        }
    }
}
