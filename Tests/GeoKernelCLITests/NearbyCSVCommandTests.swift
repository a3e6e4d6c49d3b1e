import Foundation
import GeoFormats
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// `geokernel nearby` on CSV files that are not gazetteers (issue 13, point 6).
@Suite("The command line: nearby on any CSV of points")
struct NearbyCSVCommandTests {
    let scratch: TemporaryDirectory
    init() throws { scratch = try TemporaryDirectory("nearby-csv") }

    func file(_ text: String) throws -> String {
        let path = scratch.file("\(UUID().uuidString).csv")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("a CSV without a name column: points named by their id column, else by row number")
    func withoutName() throws {
        let rows = "latitude,longitude,kind\n47.3779,8.5403,station\n47.3686,8.5392,\"lake, north shore\"\n46.948,7.4474,capital\n"
        let path = try file(rows)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try GeoKernelTool.run(["nearby", path, "--lat", "47.37", "--lon", "8.54", "--k", "2"])
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n")
        #expect(lines.count == 4 && lines[0].hasPrefix("2 of 3 points"), "\(r.out)")
        #expect(lines[2].hasSuffix("row 2") && lines[3].hasSuffix("row 1"), "\(r.out)")
        let json = try GeoKernelTool.run(["nearby", path, "--lat", "47.37", "--lon", "8.54", "--k", "1", "--format", "geojson"])
        let feature = try GeoJSON.decode(json.out).features.first
        #expect(feature?.properties["kind"] == "lake, north shore" && feature?.properties["row"] == 2, "\(json.out)")

        let ids = try file("id;lat;lon\nS-17;-33.8688;151.2093\nS-18;-37.8136;144.9631\n")
        defer { try? FileManager.default.removeItem(atPath: ids) }
        let byID = try GeoKernelTool.run(["nearby", ids, "--lat", "-34", "--lon", "151", "--k", "1", "--format", "geojson"])
        #expect(byID.status == 0, "\(byID.err)")
        #expect(try GeoJSON.decode(byID.out).features.first?.id == "S-17", "\(byID.out)")
        let table = try GeoKernelTool.run(["nearby", ids, "--lat", "-34", "--lon", "151", "--k", "1"])
        #expect(table.out.split(separator: "\n").last?.hasSuffix("S-17") == true, "\(table.out)")
        let help = try GeoKernelTool.run(["nearby", "--help"]).flattened
        #expect(help.text.contains("row number"), "\(help.text)")
    }

    @Test("a CSV without coordinate columns is a clear error naming the columns it has and those it needs")
    func withoutCoordinates() throws {
        let path = try file("name,x,y\nZurich,8.54,47.37\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try GeoKernelTool.run(["nearby", path, "--lat", "47", "--lon", "8"])
        #expect(r.status != 0)
        #expect(r.err.contains(path) && r.err.contains("no latitude column") && r.err.contains("name, x, y")
                && r.err.contains("lat, latitude"), "\(r.err)")
        let bad = try file("lat,lon\n47.3,8.5\nnorth,8.5\n")
        defer { try? FileManager.default.removeItem(atPath: bad) }
        let b = try GeoKernelTool.run(["nearby", bad, "--lat", "47", "--lon", "8"])
        #expect(b.status != 0 && b.err.contains("\(bad):3") && b.err.contains("'north'"), "\(b.err)")
    }
}
