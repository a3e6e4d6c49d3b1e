import Foundation
import GeoKernel
import GeoText
import Testing
import _GeoKernelTestSupport

/// `--svg` of `geokernel timeline`, `route` and `fences` (issue 11, point 5): each picture
/// is well-formed XML without external references, the same bytes on every run, and —
/// rendered to PNG by `rsvg-convert` (Debian's librsvg2-bin, installed by `make deps`) —
/// shows its features in their colours where the SVG says they are.
@Suite("The command line: --svg pictures of timeline, route and fences")
struct SVGPictureCommandLineTests {
    struct Element {
        var name: String
        var attributes: [String: String]
        func number(_ key: String) -> Double { Double(attributes[key] ?? "") ?? .nan }
    }

    /// The elements of a document, in order, read with the package's XML tokenizer; also
    /// checks that every end tag closes the element it should and that one root holds all.
    static func elements(_ svg: String) throws -> [Element] {
        let t = XMLTokenizer(MemoryByteSource(Array(svg.utf8)), compressed: false)
        var out: [Element] = [], open: [String] = [], roots = 0
        loop: while true {
            switch try t.next() {
            case .start(let selfClosing):
                var attributes: [String: String] = [:]
                for a in t.attributes { attributes[t.text(a.name)] = try t.string(a) }
                let name = t.text(t.name)
                if open.isEmpty { roots += 1 }
                out.append(Element(name: name, attributes: attributes))
                if !selfClosing { open.append(name) }
            case .end:
                #expect(open.popLast() == t.text(t.name))
            case .text: break
            case .endOfInput: break loop
            }
        }
        #expect(open.isEmpty && roots == 1)
        return out
    }

    /// Checks shared by every picture: an 800 × 600 `svg` root, no link and no URL but the
    /// SVG namespace; returns the elements.
    static func checkDocument(_ svg: String) throws -> [Element] {
        let elements = try Self.elements(svg)
        #expect(elements.first?.name == "svg" && elements.first?.attributes["width"] == "800")
        #expect(!svg.contains("href") && !svg.contains("url("), "no links")
        #expect(svg.components(separatedBy: "http").count == 2 && svg.contains("xmlns=\"http://www.w3.org/2000/svg\""))
        return elements
    }

    /// The picture rendered to PNG by rsvg-convert.
    static func render(_ svgPath: String) throws -> PNGImage {
        let png = svgPath + ".png"
        let tool = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first { FileManager.default.isExecutableFile(atPath: $0) }
        try #require(tool != nil, "rsvg-convert is missing: apt-get install librsvg2-bin (make deps does)")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool!)
        p.arguments = ["-f", "png", "-b", "white", "-o", png, svgPath]
        try p.run()
        p.waitUntilExit()
        try #require(p.terminationStatus == 0)
        let image = try PNGImage(Array(try Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(image.width == 800 && image.height == 600)
        return image
    }

    /// "#d62728" as red, green, blue.
    static func rgb(_ hex: String) -> (r: Int, g: Int, b: Int) {
        let v = Int(hex.dropFirst(), radix: 16) ?? 0
        return (v >> 16 & 255, v >> 8 & 255, v & 255)
    }

    /// The pixel is `hex` within a few levels per channel (antialiasing, rounding); a
    /// failure names the pixel and its colour (never the whole image).
    @discardableResult
    static func isColor(_ image: PNGImage, _ x: Double, _ y: Double, _ hex: String, tolerance: Int = 12) -> Bool {
        let p = image.rgba(x, y), c = rgb(hex)
        let ok = abs(p.r - c.r) <= tolerance && abs(p.g - c.g) <= tolerance && abs(p.b - c.b) <= tolerance
        if !ok { Issue.record("pixel (\(x), \(y)) is \(p), not \(hex)") }
        return ok
    }

    @discardableResult
    static func isWhite(_ image: PNGImage, _ x: Double, _ y: Double) -> Bool { isColor(image, x, y, "#ffffff", tolerance: 0) }

    /// Runs `body` with the path of a fresh temporary directory, removed afterwards.
    static func scratch(_ body: (String) throws -> Void) throws { try TemporaryDirectory.with("gk-svg-cli", body) }

    @Test("timeline --svg draws stays as red circles and moves as blue lines, the same bytes every run")
    func timeline() throws {
        try Self.scratch { dir in
            let trace = SharedData.path("traces/gpxpy/korita-zbevnica.gpx")
            let r = try GeoKernelTool.run(["timeline", trace, "--output", dir + "/k.geojson", "--svg", dir + "/k.svg", "--preset", "trackintel", "--no-include-open"])
            #expect(r.status == 0, "\(r.err)")
            #expect(r.out.contains("GeoJSON: \(dir)/k.geojson") && r.out.contains("SVG: \(dir)/k.svg"))
            let svg = try String(contentsOfFile: dir + "/k.svg", encoding: .utf8)
            let elements = try Self.checkDocument(svg)
            let stays = elements.filter { $0.attributes["class"] == "stay" }
            #expect(stays.count == 7, "the 7 stays of the printed diary")
            #expect(elements.filter { $0.attributes["class"] == "move" }.count >= 6)
            // Area grows with time: radii between the minimum 5 and the longest stay's 24.
            let radii = stays.map { $0.number("r") }
            #expect(radii.max() == 24 && radii.min()! >= 5)
            #expect(svg.contains("<title>korita-zbevnica.gpx</title>") && svg.contains("class=\"scale\""))

            let image = try Self.render(dir + "/k.svg")
            // The last circle drawn (the shortest stay, on top) is red at its centre.
            let last = try #require(stays.last)
            Self.isColor(image, last.number("cx"), last.number("cy"), SVGColors.stay)
            // Blue on most of the moves' vertices (some lie under a stay's circle or a
            // label); white outside the frame and on the page's corner.
            let vertices = elements.filter { $0.attributes["class"] == "move" }.flatMap { move in
                (move.attributes["points"] ?? "").split(separator: " ").map { $0.split(separator: ",").compactMap { Double($0) } }
            }
            let blue = vertices.filter { v in
                let p = image.rgba(v[0], v[1]), c = Self.rgb(SVGColors.move)
                return abs(p.r - c.r) <= 40 && abs(p.g - c.g) <= 40 && abs(p.b - c.b) <= 40
            }
            #expect(vertices.count > 100 && blue.count * 10 >= vertices.count * 8, "\(blue.count) of \(vertices.count) blue")
            Self.isWhite(image, 4, 300)
            Self.isWhite(image, 795, 595)

            let again = try GeoKernelTool.run(["timeline", trace, "--output", dir + "/k2.geojson", "--svg", dir + "/k2.svg", "--preset", "trackintel", "--no-include-open"])
            #expect(again.status == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/k2.svg")) == Data(svg.utf8), "deterministic")
        }
    }

    @Test("route --svg draws the legs as lines (the first blue) and the pins as red markers A, B, C")
    func route() throws {
        try Self.scratch { dir in
            let r = try GeoKernelTool.run([
                "route", "--pin", "52.5200,13.4050", "--pin", "52.5000,13.4500", "--pin", "52.4800,13.3800", "--svg", dir + "/r.svg",
            ])
            #expect(r.status == 0, "\(r.err)")
            #expect(r.out.hasPrefix("Pins\n"), "the usual text output is still printed")
            let svg = try String(contentsOfFile: dir + "/r.svg", encoding: .utf8)
            let elements = try Self.checkDocument(svg)
            let pins = elements.filter { $0.attributes["class"] == "pin" }
            #expect(pins.map { $0.attributes["id"] ?? "" } == ["pin-A", "pin-B", "pin-C"])
            #expect(elements.filter { $0.attributes["class"]?.hasPrefix("leg leg-") == true }.count == 2)
            #expect(svg.contains(">A</text>") && svg.contains(">C</text>") && svg.contains("<title>Route A → B → C</title>"))
            // A is north-west of B: left of it and above it on a north-up map.
            #expect(pins[0].number("cx") < pins[1].number("cx") && pins[0].number("cy") < pins[1].number("cy"))

            let image = try Self.render(dir + "/r.svg")
            for pin in pins {  // Beside the white letter, inside the marker.
                Self.isColor(image, pin.number("cx") + 7, pin.number("cy"), SVGColors.pin)
            }
            // Halfway along the first leg (between pins A and B): the leg's blue.
            let mid = ((pins[0].number("cx") + pins[1].number("cx")) / 2, (pins[0].number("cy") + pins[1].number("cy")) / 2)
            Self.isColor(image, mid.0, mid.1, SVGColors.leg, tolerance: 40)
            Self.isWhite(image, 4, 300)
        }
    }

    @Test("route --svg with one pin centres it on a map of at least 400 m")
    func singlePin() throws {
        try Self.scratch { dir in
            let r = try GeoKernelTool.run(["route", "--pin", "-33.8568,151.2153", "--svg", dir + "/one.svg"])
            #expect(r.status == 0, "\(r.err)")
            let svg = try String(contentsOfFile: dir + "/one.svg", encoding: .utf8)
            let pin = try #require(try Self.checkDocument(svg).first { $0.attributes["class"] == "pin" })
            #expect(pin.number("cx") == 400 && pin.number("cy") == 318, "the frame's centre")
            #expect(!svg.contains("nan") && !svg.contains("inf"))
            let image = try Self.render(dir + "/one.svg")
            Self.isColor(image, 407, 318, SVGColors.pin)
        }
    }

    @Test("fences --svg fills a fence the trace entered green and one it never entered grey; ids are escaped")
    func fences() throws {
        try Self.scratch { dir in
            // Fence "in" (300 m) is crossed 150 m north of its centre; "out" (200 m) is 2 km away.
            try """
                {"type":"FeatureCollection","features":[
                {"type":"Feature","id":"Tom & Jerry's <home>","properties":{"radius":300},"geometry":{"type":"Point","coordinates":[13.40,52.52]}},
                {"type":"Feature","id":"out","properties":{"radius":200},"geometry":{"type":"Point","coordinates":[13.43,52.53]}}]}
                """.write(toFile: dir + "/f.geojson", atomically: true, encoding: .utf8)
            var csv = "lat,lon,time\n"
            for i in 0..<21 { csv += "52.52135,\(13.39 + Double(i) * 0.001),\(1_700_000_000 + i * 20)\n" }
            try csv.write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
            let r = try GeoKernelTool.run([
                "fences", "--fences", dir + "/f.geojson", "--trace", dir + "/t.csv", "--svg", dir + "/f.svg",
            ])
            #expect(r.status == 0, "\(r.err)")
            #expect(r.out.contains("| enter | Tom & Jerry's <home> |"), "\(r.out)")
            let svg = try String(contentsOfFile: dir + "/f.svg", encoding: .utf8)
            let elements = try Self.checkDocument(svg)
            #expect(svg.contains(">Tom &amp; Jerry&apos;s &lt;home&gt;</text>"))
            let inside = try #require(elements.first { $0.attributes["class"] == "fence inside" })
            let outside = try #require(elements.first { $0.attributes["class"] == "fence outside" })
            // True radius: 300 m and 200 m at nearly the same latitude.
            #expect(abs(inside.number("r") / outside.number("r") - 1.5) < 0.01)
            #expect(elements.contains { $0.attributes["class"] == "track" })

            let image = try Self.render(dir + "/f.svg")
            let g = image.rgba(inside.number("cx"), inside.number("cy"))
            #expect(g.g > g.r + 40 && g.g > g.b + 40, "green: \(g)")
            let o = image.rgba(outside.number("cx"), outside.number("cy"))
            #expect(abs(o.r - o.g) < 6 && abs(o.g - o.b) < 6 && o.r < 240 && o.r > 150, "grey: \(o)")
            Self.isWhite(image, 4, 300)
        }
    }
}

extension SVGPictureCommandLineTests {
    @Test("--help of timeline, route and fences describes --svg FILE")
    func help() throws {
        for command in ["timeline", "route", "fences"] {
            let r = try GeoKernelTool.run(["help", command]).flattened
            #expect(r.status == 0 && r.text.contains("--svg <svg>") && r.text.contains("Web Mercator map"), "\(command)")
        }
    }

    @Test("docs/timeline.svg, the README's picture, is what the tool draws today")
    func readmePicture() throws {
        let root = URL(fileURLWithPath: SharedData.projectRoot)
        try Self.scratch { dir in
            let r = try GeoKernelTool.run([
                "timeline", SharedData.path("traces/gpxpy/korita-zbevnica.gpx"), "--output", dir + "/k.geojson",
                "--svg", dir + "/k.svg",
            ])
            #expect(r.status == 0, "\(r.err)")
            let fresh = try Data(contentsOf: URL(fileURLWithPath: dir + "/k.svg"))
            let committed = try Data(contentsOf: root.appendingPathComponent("docs/timeline.svg"))
            #expect(fresh == committed, "regenerate docs/timeline.svg as the README says")
        }
    }

    @Test("docs/isochrone.svg, the road routing guide's picture, is what the tool draws today")
    func isochronePicture() throws {
        let root = URL(fileURLWithPath: SharedData.projectRoot)
        try Self.scratch { dir in
            let r = try GeoKernelTool.run([
                "isochrone", "--osm", root.appendingPathComponent("docs/examples/town.osm").path,
                "--from", "45.002698,5.000191", "--minutes", "1", "--svg", dir + "/i.svg",
            ])
            #expect(r.status == 0, "\(r.err)")
            let fresh = try Data(contentsOf: URL(fileURLWithPath: dir + "/i.svg"))
            let committed = try Data(contentsOf: root.appendingPathComponent("docs/isochrone.svg"))
            #expect(fresh == committed, "regenerate docs/isochrone.svg as docs/road-routing.md says")
        }
    }

    @Test("docs/modes.svg, the README's picture of travel modes, is what the tool draws today")
    func modesPicture() throws {
        let root = URL(fileURLWithPath: SharedData.projectRoot)
        try Self.scratch { dir in
            let examples = root.appendingPathComponent("docs/examples")
            let r = try GeoKernelTool.run([
                "timeline", examples.appendingPathComponent("day.csv").path, "--gazetteer",
                examples.appendingPathComponent("places.csv").path, "--modes", "--output", dir + "/d.geojson",
                "--svg", dir + "/d.svg",
            ])
            #expect(r.status == 0, "\(r.err)")
            let fresh = try Data(contentsOf: URL(fileURLWithPath: dir + "/d.svg"))
            let committed = try Data(contentsOf: root.appendingPathComponent("docs/modes.svg"))
            #expect(fresh == committed, "regenerate docs/modes.svg as the README says")
            let svg = String(decoding: fresh, as: UTF8.self)
            for mode in ["walk", "bus", "car"] { #expect(svg.contains("move: \(mode)"), "legend \(mode)") }
        }
    }

    @Test("docs/match.svg, the map matching guide's picture, is what the tool draws today")
    func matchPicture() throws {
        let root = URL(fileURLWithPath: SharedData.projectRoot)
        try Self.scratch { dir in
            let r = try GeoKernelTool.run([
                "match", "--osm", root.appendingPathComponent("docs/examples/town.osm").path,
                root.appendingPathComponent("docs/examples/drive.csv").path, "--svg", dir + "/m.svg",
            ])
            #expect(r.status == 0, "\(r.err)")
            let fresh = try Data(contentsOf: URL(fileURLWithPath: dir + "/m.svg"))
            let committed = try Data(contentsOf: root.appendingPathComponent("docs/match.svg"))
            #expect(fresh == committed, "regenerate docs/match.svg as docs/matching.md says")
        }
    }

    @Test("docs/fences.svg, the polygon fences' picture, is what the tool draws today: nine districts, the ones the drive entered in green")
    func fencesPicture() throws {
        let root = URL(fileURLWithPath: SharedData.projectRoot)
        try Self.scratch { dir in
            let r = try GeoKernelTool.run([
                "fences", "--fences", root.appendingPathComponent("docs/examples/districts.geojson").path,
                "--trace", root.appendingPathComponent("docs/examples/drive.csv").path,
                "--osm", root.appendingPathComponent("docs/examples/town.osm").path, "--svg", dir + "/f.svg",
            ])
            #expect(r.status == 0, "\(r.err)")
            let fresh = try Data(contentsOf: URL(fileURLWithPath: dir + "/f.svg"))
            let committed = try Data(contentsOf: root.appendingPathComponent("docs/fences.svg"))
            #expect(fresh == committed, "regenerate docs/fences.svg as docs/geofence.md says")
            let svg = String(decoding: fresh, as: UTF8.self)
            #expect(svg.components(separatedBy: "<path class=\"fence ").count == 10, "nine polygons")
            #expect(svg.contains("class=\"fence inside\"") && svg.contains("class=\"fence outside\""))
        }
    }
}

/// The colours of the pictures (SVGMap's, in the tool).
enum SVGColors {
    static let stay = "#d62728", move = "#1f77b4", pin = "#d62728", leg = "#1f77b4"
}
