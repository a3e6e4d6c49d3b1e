import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// The tool as a new user meets it: `geokernel --help`, `--version`, `distance` and
/// `project` with negative coordinates, bearings in one convention (issue 13, point 6).
@Suite("The command line: help, --version, negative coordinates and bearings")
struct ToolBasicsCommandLineTests {
    /// Every subcommand of `geokernel`, in the order the help lists them.
    static let commands = ["demo", "distance", "project", "fences", "simplify", "route", "graph", "timeline", "nearby"]

    /// The numbers after "label:" on the line that starts with `label` (degrees, metres…).
    static func numbers(after label: String, in text: String) -> [Double] {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(label) }) else { return [] }
        let rest = line.dropFirst(label.count)
        return rest.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
    }

    @Test("distance takes negative coordinates as plain arguments, no -- needed")
    func distanceNegatives() throws {
        let r = try GeoKernelTool.run(["distance", "-33.9", "151.2", "40.7", "-74"])
        #expect(r.status == 0, "\(r.err)")
        let a = try Coordinate(latitude: -33.9, longitude: 151.2), b = try Coordinate(latitude: 40.7, longitude: -74)
        let km = Geodesic.wgs84.inverse(from: a, to: b).distanceMeters / 1000
        #expect(r.out.contains("geodesic (WGS84):") && r.out.contains(String(format: "%.3f km", km)), "\(r.out)")
        // Exponents, a leading dot and the old `--` form all still work.
        let e = try GeoKernelTool.run(["distance", "-3.39e1", "151.2", "4.07e1", "-.74e2"])
        #expect(e.status == 0 && e.out == r.out, "\(e.err)")
        let old = try GeoKernelTool.run(["distance", "--", "-33.9", "151.2", "40.7", "-74"])
        #expect(old.status == 0 && old.out == r.out, "\(old.err)")
        // The help says how negative values are given.
        let help = try GeoKernelTool.run(["distance", "--help"]).flattened
        #expect(help.text.contains("Negative values are given as they are"), "\(help.text)")
    }

    @Test("project takes negative coordinates as plain arguments, before or after the options")
    func projectNegatives() throws {
        let t = try Transformer(source: "EPSG:4326", target: "EPSG:3857")
        let p = try t.transform(x: -74.006, y: -33.9)
        let expected = String(format: "%.6f %.6f", p.x, p.y)
        for args in [
            ["project", "-74.006", "-33.9"], ["project", "--to", "EPSG:3857", "-74.006", "-33.9"],
            ["project", "-74.006", "-33.9", "--from", "EPSG:4326"], ["project", "-74.006", "--to", "EPSG:3857", "-33.9"],
        ] {
            let r = try GeoKernelTool.run(args)
            #expect(r.status == 0 && r.out.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(args): \(r.out) \(r.err)")
        }
        let help = try GeoKernelTool.run(["project", "--help"]).flattened
        #expect(help.text.contains("Negative values are given as they are"), "\(help.text)")
    }

    /// The number after `"key":` in one-line JSON, read with Swift's exact parser
    /// (JSONSerialization may round the last digit).
    static func number(_ key: String, in json: String) -> Double? {
        guard let range = json.range(of: "\"\(key)\":") else { return nil }
        return Double(json[range.upperBound...].prefix { "0123456789.eE+-".contains($0) })
    }

    @Test("distance and project --format json print one object with the library's figures")
    func jsonFormat() throws {
        let r = try GeoKernelTool.run(["distance", "-33.9", "151.2", "40.7", "-74", "--format", "JSON"])
        #expect(r.status == 0, "\(r.err)")
        #expect(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) is [String: Double], "\(r.out)")
        let a = try Coordinate(latitude: -33.9, longitude: 151.2), b = try Coordinate(latitude: 40.7, longitude: -74)
        let g = Geodesic.wgs84.inverse(from: a, to: b)
        #expect(Self.number("geodesic_m", in: r.out) == g.distanceMeters && Self.number("haversine_m", in: r.out) == haversineDistance(a, b))
        let bearings = ["initial_bearing_deg", "initial_azimuth_deg", "final_azimuth_deg"].compactMap { Self.number($0, in: r.out) }
        #expect(bearings.count == 3 && bearings.allSatisfy { $0 >= 0 && $0 < 360 }, "\(r.out)")
        #expect(bearings[2] == (g.finalAzimuthDegrees < 0 ? g.finalAzimuthDegrees + 360 : g.finalAzimuthDegrees))
        let p = try GeoKernelTool.run(["project", "-74.006", "-33.9", "--format", "json"])
        #expect(try JSONSerialization.jsonObject(with: Data(p.out.utf8)) is [String: Double], "\(p.out) \(p.err)")
        let expected = try Transformer(source: "EPSG:4326", target: "EPSG:3857").transform(x: -74.006, y: -33.9)
        #expect(Self.number("x", in: p.out) == expected.x && Self.number("y", in: p.out) == expected.y, "\(p.out)")
    }

    @Test("an unknown command is a usage error (exit 64) naming the known ones, with or without --help")
    func unknownCommand() throws {
        for args in [["routes", "--help"], ["routes"], ["help", "routes"], ["frobnicate", "1", "2"]] {
            let r = try GeoKernelTool.run(args)
            #expect(r.status == 64, "\(args): \(r.status) \(r.out)")
            #expect(r.err.contains("unknown command '\(args[0] == "help" ? args[1] : args[0])'"), "\(r.err)")
            #expect(r.err.components(separatedBy: "unknown command").count == 2, "named once: \(r.err)")
            for command in Self.commands { #expect(r.err.contains(command), "\(command) missing from \(r.err)") }
        }
        // The known commands and help still work.
        #expect(try GeoKernelTool.run(["help", "route"]).status == 0)
        #expect(try GeoKernelTool.run(["route", "--help"]).status == 0)
        #expect(try GeoKernelTool.run(["--version"]).status == 0)
    }

    @Test("completions prints a script for bash, zsh and fish that knows every command")
    func completions() throws {
        for (shell, marker) in [("bash", "complete -"), ("zsh", "#compdef geokernel"), ("fish", "complete -c 'geokernel'")] {
            let r = try GeoKernelTool.run(["completions", shell])
            #expect(r.status == 0 && r.out.contains(marker), "\(shell): \(r.err)")
            for command in Self.commands + ["landmarks", "places", "policy"] { #expect(r.out.contains(command), "\(shell) lacks \(command)") }
        }
        let bad = try GeoKernelTool.run(["completions", "powershell"])
        #expect(bad.status == 64, "\(bad.err)")
    }

    @Test("graph without --out is refused instead of building a graph to drop; names of choices match in any case")
    func graphNeedsOut() throws {
        let monaco = SharedData.path("osm/monaco.osm.pbf")
        let r = try GeoKernelTool.run(["graph", "--osm", monaco])
        #expect(r.status == 64 && r.err.contains("--out"), "\(r.status) \(r.err)")
        try TemporaryDirectory.with("gk-graph-case") { dir in
            let g = try GeoKernelTool.run(["graph", "--osm", monaco, "--profile", "Car", "--metric", "SHORTEST", "--out", dir + "/m.gkgraph"])
            #expect(g.status == 0, "\(g.err)")
            let lower = try GeoKernelTool.run(["graph", "--osm", monaco, "--profile", "car", "--metric", "shortest", "--out", dir + "/n.gkgraph"])
            #expect(lower.status == 0 && g.out.replacingOccurrences(of: "m.gkgraph", with: "n.gkgraph") == lower.out, "\(g.out) vs \(lower.out)")
        }
    }

    @Test("an unknown option is still an error, and so is a wrong number of coordinates")
    func unknownOptions() throws {
        for args in [
            ["distance", "--frobnicate", "1", "2", "3", "4"], ["distance", "1", "2", "3", "4", "-x"],
            ["project", "--frobnicate", "1", "2"],
        ] {
            let r = try GeoKernelTool.run(args)
            #expect(r.status != 0, "\(args) succeeded: \(r.out)")
            let option = args.first { $0.hasPrefix("-") }!
            #expect(r.err.contains("Unknown option '\(option)'"), "\(args): \(r.err)")
        }
        let three = try GeoKernelTool.run(["distance", "-33.9", "151.2", "40.7"])
        #expect(three.status != 0 && three.err.contains("4 numbers"), "\(three.err)")
        let word = try GeoKernelTool.run(["distance", "-33.9", "151.2", "north", "-74"])
        #expect(word.status != 0 && word.err.contains("'north'"), "\(word.err)")
    }

    @Test("--version prints the library version declared in include/geokernel.h")
    func version() throws {
        // The header is the single source of the version.
        let root = URL(fileURLWithPath: SharedData.projectRoot)
        let header = try String(contentsOf: root.appendingPathComponent("include/geokernel.h"), encoding: .utf8)
        let parts = ["MAJOR", "MINOR", "PATCH"].map { part in
            header.split(separator: "\n").first { $0.hasPrefix("#define GK_VERSION_\(part) ") }!
                .split(separator: " ").last.map(String.init)!
        }
        let r = try GeoKernelTool.run(["--version"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.trimmingCharacters(in: .whitespacesAndNewlines) == parts.joined(separator: "."), "\(r.out)")
    }

    @Test("bearings and WGS84 azimuths are printed in [0, 360), clockwise from north, as the help says")
    func azimuths() throws {
        // Due west and south-west: the WGS84 azimuths were printed as -90 and -135.
        for (args, bearing) in [(["0", "0", "0", "-10"], 270.0), (["10", "10", "0", "0"], 225.0), (["0", "0", "10", "0"], 0.0)] {
            let r = try GeoKernelTool.run(["distance"] + args)
            #expect(r.status == 0, "\(r.err)")
            let sphere = Self.numbers(after: "initial bearing (sphere):", in: r.out)
            let wgs84 = Self.numbers(after: "azimuths (WGS84):", in: r.out)
            #expect(sphere.count == 1 && wgs84.count == 2, "\(r.out)")
            for angle in sphere + wgs84 { #expect(angle >= 0 && angle < 360, "\(args): \(r.out)") }
            #expect(abs(sphere[0] - bearing) < 1 && abs(wgs84[0] - bearing) < 1, "\(args): \(r.out)")
        }
        // A due-north line arriving at the pole: 0, never 360.0000 (nor -0.0000).
        let pole = try GeoKernelTool.run(["distance", "10", "20", "90", "20"])
        #expect(!pole.out.contains("360.0000") && !pole.out.contains("-0.0000"), "\(pole.out)")
        let help = try GeoKernelTool.run(["distance", "--help"]).flattened
        #expect(help.text.contains("[0, 360)") && help.text.contains("clockwise from north"), "\(help.text)")
    }

    @Test("the top-level help names every command, one line each")
    func summary() throws {
        let r = try GeoKernelTool.run(["--help"])
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        for command in Self.commands {
            let line = lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(command + " ") }
            let abstract = line?.trimmingCharacters(in: .whitespaces).dropFirst(command.count)
                .trimmingCharacters(in: .whitespaces) ?? ""
            #expect(abstract.count > 10, "no one-line summary of \(command) in:\n\(r.out)")
        }
        // The overview says what the tool covers, not three of its commands.
        let overview = r.out.components(separatedBy: "USAGE:").first ?? ""
        for word in ["routes", "geofence", "nearby", "simplif", "timeline"] {
            #expect(overview.lowercased().contains(word), "the overview lacks \(word): \(overview)")
        }
    }
}
