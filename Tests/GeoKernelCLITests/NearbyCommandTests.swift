import Foundation
import GeoFormats
import GeoKernel
import Nearby
import Testing
import _GeoKernelTestSupport

/// The `geokernel nearby` command, run as a process (`GeoKernelTool`).
@Suite("geokernel nearby (command line)")
struct NearbyCommandTests {
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let r = try GeoKernelTool.run(["nearby"] + arguments)
        return (r.status, r.out)
    }

    @Test("k nearest places of the shared gazetteer, as a table")
    func gazetteerTable() throws {
        let r = try Self.run([SharedData.path("gazetteer/cities1000.csv"), "--lat", "-18.1416", "--lon", "178.4415", "--k", "3"])
        #expect(r.status == 0)
        let lines = r.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("3 of 144563 points") == true)
        #expect(lines.count == 5 && lines[2].contains("Suva"))
    }

    @Test("a GeoJSON FeatureCollection in, the points within a radius out as GeoJSON, nearest first")
    func geoJSONRadius() throws {
        let input = GeoJSONObject.featureCollection([
            GeoJSONFeature(geometry: .point(GeoJSONPosition(longitude: 179.99, latitude: 0.5)), properties: ["name": "east"]),
            GeoJSONFeature(geometry: .point(GeoJSONPosition(longitude: -179.995, latitude: 0.5)), properties: ["name": "west"]),
            GeoJSONFeature(geometry: .lineString([GeoJSONPosition(longitude: 0, latitude: 0), GeoJSONPosition(longitude: 1, latitude: 1)])),
            GeoJSONFeature(geometry: .point(GeoJSONPosition(longitude: 0, latitude: 90)), properties: ["name": "pole"]),
        ])
        let scratch = try TemporaryDirectory("gk-nearby-cli")
        let path = scratch.file("input.geojson")
        try GeoJSON.encode(input).write(toFile: path, atomically: true, encoding: .utf8)
        let r = try Self.run([path, "--lat", "0.5", "--lon", "180", "--radius-m", "5000", "--format", "geojson"])
        #expect(r.status == 0)
        let features = try GeoJSON.decode(r.output).features
        #expect(features.map { $0.properties["name"]?.stringValue } == ["west", "east"])
        let d = try #require(features.first?.properties["distance_m"]?.numberValue)
        expectClose(d, haversineDistance(try Coordinate(latitude: 0.5, longitude: 180), try Coordinate(latitude: 0.5, longitude: -179.995)),
                    tolerance: 1e-6)
        #expect(features.first?.properties["rank"]?.numberValue == 1)
    }

    @Test("bad input gives an error exit")
    func errors() throws {
        #expect(try Self.run(["/nonexistent.geojson", "--lat", "0", "--lon", "0"]).status != 0)
        #expect(try Self.run([SharedData.path("gazetteer/cities1000.csv"), "--lat", "91", "--lon", "0"]).status != 0)
    }
}
