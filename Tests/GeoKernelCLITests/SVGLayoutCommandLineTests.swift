import Foundation
import Testing
import _GeoKernelTestSupport

/// Pictures with a map (issue 26, point 6): roads under the data, pins on the route with a
/// line to where they were placed, legs in their own colours with a legend, labels inside
/// the frame and clear of each other and of the scale bar, times in --time-zone, the open
/// stay drawn, gaps dashed. Each picture is rendered to PNG by rsvg-convert; the overlap
/// checks use the SVG's own geometry (text boxes at 0.6 em per character, 1.2 em high).
@Suite("The command line: picture layout")
struct SVGLayoutCommandLineTests {
    static var examples: String { SharedData.projectRoot + "/docs/examples" }

    struct Box: CustomStringConvertible {
        var x: Double, y: Double, w: Double, h: Double, what: String
        func overlaps(_ o: Box) -> Bool { x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h }
        var description: String { "\(what) at (\(Int(x)), \(Int(y)), \(Int(w))×\(Int(h)))" }
    }

    static func number(_ s: String, _ key: String) -> Double? {
        guard let r = s.range(of: " \(key)=\"") else { return nil }
        return Double(s[r.upperBound...].prefix { $0 != "\"" })
    }

    /// The boxes of the placed labels: `<text class="label" x y font-size>TEXT</text>`,
    /// x the left edge, y the baseline.
    static func labelBoxes(_ svg: String) -> [Box] {
        svg.split(separator: "\n").filter { $0.hasPrefix("<text class=\"label\"") }.map { line in
            let s = String(line)
            let size = number(s, "font-size") ?? 12
            let text = s.split(separator: ">", maxSplits: 1)[1].prefix { $0 != "<" }
            let chars = Double(text.replacingOccurrences(of: "&amp;", with: "&").count)
            let x = number(s, "x") ?? 0, y = number(s, "y") ?? 0
            return Box(x: x, y: y - 0.9 * size, w: chars * 0.6 * size, h: 1.2 * size, what: "label \"\(text)\"")
        }
    }

    /// The rect right after `<g class="NAME">`.
    static func groupRect(_ svg: String, _ name: String) -> Box? {
        let lines = svg.split(separator: "\n").map(String.init)
        guard let i = lines.firstIndex(where: { $0.hasPrefix("<g class=\"\(name)\"") }) else { return nil }
        let rect = lines[i].contains("<rect") ? lines[i] : lines[i + 1]
        guard let x = number(rect, "x"), let y = number(rect, "y"), let w = number(rect, "width"), let h = number(rect, "height")
        else { return nil }
        return Box(x: x, y: y, w: w, h: h, what: name)
    }

    /// Checks that no two labels overlap, that no label overlaps the scale bar or legend, and
    /// that every label is inside the frame; renders the picture to PNG.
    static func checkLayout(_ path: String) throws -> String {
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        _ = try SVGPictureCommandLineTests.checkDocument(svg)
        let image = try SVGPictureCommandLineTests.render(path)
        #expect(image.width == 800 && image.height == 600)
        let labels = labelBoxes(svg)
        let fixed = [groupRect(svg, "scale"), groupRect(svg, "legend")].compactMap { $0 }
        #expect(fixed.contains { $0.what == "scale" })
        for (i, a) in labels.enumerated() {
            #expect(a.x >= 10 && a.y >= 46 && a.x + a.w <= 790 && a.y + a.h <= 590, "\(a) outside the frame")
            for b in labels[(i + 1)...] { #expect(!a.overlaps(b), "\(a) overlaps \(b)") }
            for b in fixed { #expect(!a.overlaps(b), "\(a) overlaps the \(b)") }
        }
        return svg
    }

    @Test("a crowded diary keeps its labels apart and off the scale bar, and says how many it left out")
    func crowdedDiary() throws {
        try TemporaryDirectory.with("gk-layout") { dir in
            // 40 stays of 10 minutes on a 5 × 8 grid 120 m apart, a minute's walk between them.
            var csv = "time,lat,lon,accuracy\n", t = 1_717_228_800.0
            for k in 0..<40 {
                let lat = 47.37 + Double(k / 8) * 0.00108, lon = 8.54 + Double(k % 8) * 0.00159
                for _ in 0..<11 { csv += "\(Int(t)),\(lat),\(lon),5\n"; t += 60 }
                t += 60
            }
            try csv.write(toFile: "\(dir)/crowd.csv", atomically: true, encoding: .utf8)
            let r = try GeoKernelTool.run(["timeline", "\(dir)/crowd.csv", "--output", "\(dir)/c.geojson", "--svg", "\(dir)/c.svg"])
            #expect(r.status == 0, "\(r.err)")
            let svg = try Self.checkLayout("\(dir)/c.svg")
            let shown = Self.labelBoxes(svg).count
            #expect(shown >= 10, "\(shown) labels")
            if shown < 40 { #expect(svg.contains("\(40 - shown) labels left out (no room)")) }
        }
    }

    @Test("the diary's picture shows times in --time-zone and the open stay it ends in, dashed")
    func diaryTimeZoneAndOpenStay() throws {
        try TemporaryDirectory.with("gk-layout-tz") { dir in
            let r = try GeoKernelTool.run([
                "timeline", "\(Self.examples)/day.csv", "--gazetteer", "\(Self.examples)/places.csv", "--time-zone", "Europe/Zurich",
                "--output", "\(dir)/d.geojson",
                "--svg", "\(dir)/d.svg",
            ])
            #expect(r.status == 0, "\(r.err)")
            let svg = try Self.checkLayout("\(dir)/d.svg")
            // The first stay began 06:00 UTC: 08:00 in Zürich (CEST) on 2024-06-01.
            #expect(svg.contains(">home 08:00–09:40 (1 h 40 min)</text>"), "\(Self.labelBoxes(svg))")
            #expect(svg.contains("times Europe/Zurich"))
            let open = svg.split(separator: "\n").filter { $0.contains("class=\"stay\"") && $0.contains("stroke-dasharray") }
            #expect(open.count == 1, "one open stay, drawn dashed")
            #expect(svg.contains(">home from 19:22 (4 h 37 min, open)</text>"))
        }
    }

    @Test("a gap in the record is drawn dashed and named in the legend")
    func gapsDashed() throws {
        try TemporaryDirectory.with("gk-layout-gap") { dir in
            // A walk east with ten minutes of silence in the middle, 750 m further on after it.
            var csv = "time,lat,lon,accuracy\n"
            for k in 0..<60 {
                let t = 1_717_228_800 + k * 10 + (k >= 30 ? 600 : 0)
                csv += "\(t),47.37,\(8.54 + Double(k) * 0.0002 + (k >= 30 ? 0.01 : 0)),5\n"
            }
            try csv.write(toFile: "\(dir)/gap.csv", atomically: true, encoding: .utf8)
            let r = try GeoKernelTool.run(["timeline", "\(dir)/gap.csv", "--output", "\(dir)/g.geojson", "--svg", "\(dir)/g.svg"])
            #expect(r.status == 0, "\(r.err)")
            let svg = try Self.checkLayout("\(dir)/g.svg")
            #expect(svg.contains("class=\"move gap\"") && svg.contains("gap in the record"))
        }
    }

    @Test("a road route is drawn over the town's roads: pins on the route, leader lines, a colour and legend line per leg")
    func routeOverRoads() throws {
        try TemporaryDirectory.with("gk-layout-route") { dir in
            let r = try GeoKernelTool.run([
                "route", "--osm", "\(Self.examples)/town.osm", "--pins", "\(Self.examples)/pins.geojson", "--svg", "\(dir)/r.svg",
            ])
            #expect(r.status == 0, "\(r.err)")
            let svg = try Self.checkLayout("\(dir)/r.svg")
            let lines = svg.split(separator: "\n")
            #expect(lines.filter { $0.hasPrefix("<polyline class=\"road\"") }.count >= 30, "the town's roads under the route")
            #expect(svg.contains(">Avenue de la Gare</text>") && svg.contains("class=\"road-name\""))
            let legColors = Set(lines.filter { $0.hasPrefix("<polyline class=\"leg") }.compactMap { line -> Substring? in
                guard let r = line.range(of: "stroke=\"") else { return nil }
                return line[r.upperBound...].prefix(7)
            })
            #expect(legColors.count == 4, "four legs, four colours")
            #expect(lines.filter { $0.contains("<text x=") && $0.contains("font-size=\"11\"") && $0.contains("→") }.count == 4,
                    "a legend line per leg")
            // Pin C was placed 39 m off the road: its marker sits on the route, a line leads to where it was placed.
            #expect(lines.contains { $0.hasPrefix("<line class=\"pin-leader\"") })
            let roadsEnd = lines.lastIndex { $0.hasPrefix("<polyline class=\"road\"") } ?? 0
            let firstLeg = lines.firstIndex { $0.hasPrefix("<polyline class=\"leg") } ?? 0
            #expect(roadsEnd < firstLeg, "roads are drawn under the legs")
        }
    }

    @Test("fences over the roads of the town keep their labels clear of the legend and scale bar")
    func fencesOverRoads() throws {
        try TemporaryDirectory.with("gk-layout-fences") { dir in
            let fences = """
                {"type": "FeatureCollection", "features": [
                {"type": "Feature", "id": "market", "geometry": {"type": "Point", "coordinates": [5.0019, 45.0014]}, "properties": {"radius": 60}},
                {"type": "Feature", "id": "station", "geometry": {"type": "Point", "coordinates": [5.0002, 45.0027]}, "properties": {"radius": 40}}]}
                """
            try fences.write(toFile: "\(dir)/f.geojson", atomically: true, encoding: .utf8)
            var csv = "time,lat,lon,accuracy\n"
            for k in 0..<40 { csv += "\(1_717_228_800 + 15 * k),\(45.0027 - Double(k) * 0.00004),\(5.0002 + Double(k) * 0.00005),5\n" }
            try csv.write(toFile: "\(dir)/t.csv", atomically: true, encoding: .utf8)
            let r = try GeoKernelTool.run([
                "fences", "--fences", "\(dir)/f.geojson", "--trace", "\(dir)/t.csv", "--osm", "\(Self.examples)/town.osm",
                "--svg", "\(dir)/f.svg",
            ])
            #expect(r.status == 0, "\(r.err)")
            let svg = try Self.checkLayout("\(dir)/f.svg")
            #expect(svg.contains("<polyline class=\"road\"") && Self.labelBoxes(svg).count == 2)
        }
    }
}
