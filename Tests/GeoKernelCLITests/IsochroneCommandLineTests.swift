import Foundation
import Testing
import _GeoKernelTestSupport

/// `geokernel isochrone`, run as the built tool on Monaco.
@Suite("The command line: geokernel isochrone")
struct IsochroneCommandLineTests {
    static let monaco = SharedData.path("osm/monaco.osm.pbf")

    @Test("isochrone sums up the reached roads, and its GeoJSON and JSON agree with each other")
    func formatsAgree() throws {
        let args = ["isochrone", "--osm", Self.monaco, "--from", "43.7393,7.4276", "--minutes", "2"]
        let text = try GeoKernelTool.run(args)
        #expect(text.status == 0, "\(text.err)")
        #expect(text.out.hasPrefix("Within 2 min by driving of 43.73930, 7.42760"))
        #expect(text.out.contains("road parts") && text.out.contains("outline: "))
        let json = try GeoKernelTool.run(args + ["--format", "json"])
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(figures["metric"] as? String == "fastest" && figures["limit"] as? Double == 120)
        let geo = try GeoKernelTool.run(args + ["--format", "geojson"])
        let collection = try #require(try JSONSerialization.jsonObject(with: Data(geo.out.utf8)) as? [String: Any])
        let features = try #require(collection["features"] as? [[String: Any]])
        let parts = features.filter { ($0["properties"] as? [String: Any])?["kind"] as? String == "part" }
        #expect(parts.count == figures["parts"] as? Int)
        let outline = try #require(features.first { ($0["properties"] as? [String: Any])?["kind"] as? String == "outline" })
        let polygons = (outline["geometry"] as? [String: Any])?["coordinates"] as? [Any]
        #expect(polygons?.count == figures["polygons"] as? Int)
        let costs = parts.compactMap { ($0["properties"] as? [String: Any])?["endCost"] as? Double }
        #expect(costs.count == parts.count && costs.allSatisfy { $0 <= 120 })
        let bare = try GeoKernelTool.run(args + ["--format", "geojson", "--outline-only"])
        #expect(bare.out.components(separatedBy: "\"kind\":\"part\"").count == 1)
    }

    @Test("isochrone --meters bounds the distance along the roads, and --svg draws it")
    func metersAndPicture() throws {
        let tmp = try TemporaryDirectory("gk-isochrone-cli")
        let svg = tmp.file("iso.svg")
        let r = try GeoKernelTool.run([
            "isochrone", "--osm", Self.monaco, "--from", "43.7393,7.4276", "--meters", "800", "--format", "json", "--svg", svg,
        ])
        #expect(r.status == 0, "\(r.err)")
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(figures["metric"] as? String == "shortest" && figures["limit"] as? Double == 800)
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.contains("class=\"outline\"") && picture.contains("class=\"reached\"") && picture.contains("id=\"origin\""))
        #expect(picture.contains("Within 800 m along the roads"))
    }

    @Test("isochrone refuses a missing or doubled limit, a negative one and a point far from the roads")
    func refusals() throws {
        let base = ["isochrone", "--osm", Self.monaco, "--from", "43.7393,7.4276"]
        for extra in [[], ["--minutes", "2", "--meters", "300"], ["--minutes", "-1"]] {
            let r = try GeoKernelTool.run(base + extra)
            #expect(r.status == 64, "\(extra): \(r.err)")
        }
        let sea = try GeoKernelTool.run(["isochrone", "--osm", Self.monaco, "--from", "43.70,7.45", "--minutes", "2"])
        #expect(sea.status != 0 && sea.err.contains("from the nearest road"))
    }
}
