import Foundation
import Testing
import _GeoKernelTestSupport

/// `geokernel match`: a trace matched onto the roads, on the shipped example files.
@Suite("The command line: geokernel match")
struct MatchCommandLineTests {
    static var examples: String { SharedData.projectRoot + "/docs/examples" }

    @Test("match lists the drive's roads in order, in one piece with every fix matched")
    func matchText() throws {
        let r = try GeoKernelTool.run(["match", "--osm", "\(Self.examples)/town.osm", "\(Self.examples)/drive.csv"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("drive.csv: 27 fixes, 27 matched, 1 piece"))
        let order = ["Avenue de la Gare", "Rond-point de la Fontaine", "Boulevard Central", "Rue Victor Hugo"]
        let positions = order.compactMap { r.out.range(of: $0)?.lowerBound }
        #expect(positions.count == order.count && positions == positions.sorted(), "\(r.out)")
    }

    @Test("match --format json and geojson give the same pieces, and every fix a point")
    func matchJSONAndGeoJSON() throws {
        let args = ["match", "--osm", "\(Self.examples)/town.osm", "\(Self.examples)/drive.csv", "--format"]
        let j = try GeoKernelTool.run(args + ["json"]), g = try GeoKernelTool.run(args + ["geojson"])
        #expect(j.status == 0 && g.status == 0, "\(j.err) \(g.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(j.out.utf8)) as? [String: Any])
        let pieces = try #require(json["pieces"] as? [[String: Any]])
        #expect(json["fixes"] as? Int == 27 && json["matched"] as? Int == 27 && pieces.count == 1)
        let length = try #require(json["length_m"] as? Double)
        #expect(length > 1_000 && length < 1_500)
        let geo = try #require(try JSONSerialization.jsonObject(with: Data(g.out.utf8)) as? [String: Any])
        let features = try #require(geo["features"] as? [[String: Any]])
        let kinds = features.compactMap { ($0["properties"] as? [String: Any])?["kind"] as? String }
        #expect(kinds.filter { $0 == "piece" }.count == 1 && kinds.filter { $0 == "matched" }.count == 27)
        let line = try #require(features.first { ($0["properties"] as? [String: Any])?["kind"] as? String == "piece" })
        #expect(((line["properties"] as? [String: Any])?["lengthMeters"] as? Double).map { abs($0 - length) < 1e-6 } == true)
    }

    @Test("match --svg draws the piece over the roads and a dot per fix")
    func matchSVG() throws {
        try TemporaryDirectory.with("gk-match-svg") { dir in
            let out = "\(dir)/match.svg"
            let r = try GeoKernelTool.run(["match", "--osm", "\(Self.examples)/town.osm", "\(Self.examples)/drive.csv", "--svg", out])
            #expect(r.status == 0, "\(r.err)")
            let svg = try String(contentsOfFile: out, encoding: .utf8)
            #expect(svg.components(separatedBy: "class=\"piece\"").count - 1 == 1)
            #expect(svg.components(separatedBy: "class=\"fix\"").count - 1 == 27)
            #expect(svg.contains("drive.csv matched onto the roads") && svg.contains("piece 1: 1.25 km"))
        }
    }

    @Test("match --no-clock weighs distances only (the same roads, a lower confidence than with the clock), and --pace 0 is refused by name")
    func matchClockOptions() throws {
        let args = ["match", "--osm", "\(Self.examples)/town.osm", "\(Self.examples)/drive.csv"]
        let clock = try GeoKernelTool.run(args), noClock = try GeoKernelTool.run(args + ["--no-clock"])
        #expect(clock.status == 0 && noClock.status == 0, "\(clock.err) \(noClock.err)")
        func confidence(_ out: String) -> Double? {
            out.range(of: "confidence ").flatMap { Double(out[$0.upperBound...].prefix(4)) }
        }
        let with = try #require(confidence(clock.out)), without = try #require(confidence(noClock.out))
        #expect(with > without, "\(with) with the clock, \(without) without")
        #expect(noClock.out.contains("27 matched, 1 piece"))
        #expect(clock.out.split(separator: "\n").dropFirst(2) == noClock.out.split(separator: "\n").dropFirst(2), "the same roads")
        let zero = try GeoKernelTool.run(args + ["--pace", "0"])
        #expect(zero.status != 0 && zero.err.contains("pace"))
    }

    @Test("match refuses a missing network and names a missing trace")
    func matchErrors() throws {
        let noNetwork = try GeoKernelTool.run(["match", "\(Self.examples)/drive.csv"])
        #expect(noNetwork.status != 0 && noNetwork.err.contains("--osm"))
        let noTrace = try GeoKernelTool.run(["match", "--osm", "\(Self.examples)/town.osm", "/nonexistent/trace.csv"])
        #expect(noTrace.status != 0 && noTrace.err.contains("/nonexistent/trace.csv"))
    }
}
