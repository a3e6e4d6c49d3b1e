import Foundation
import Testing
import _GeoKernelTestSupport

/// The progress line (issue 26, point 4): long phases are named on standard error when it
/// is a terminal, never into piped output, and `--quiet` silences them. The tests force the
/// line without a terminal (GEOKERNEL_PROGRESS=always) with a threshold of 0 s, so that
/// every phase shows at once.
@Suite("The command line: progress on standard error")
struct ProgressCommandLineTests {
    static var examples: String { SharedData.projectRoot + "/docs/examples" }
    static let forced = ["GEOKERNEL_PROGRESS": "always", "GEOKERNEL_PROGRESS_AFTER": "0"]

    @Test("timeline names its phases on standard error and leaves standard output as it was")
    func timelinePhases() throws {
        try TemporaryDirectory.with("gk-progress") { dir in
            let args = ["timeline", "\(Self.examples)/day.csv", "--output", "\(dir)/d.geojson"]
            let plain = try GeoKernelTool.run(args)
            let shown = try GeoKernelTool.run(args, environment: Self.forced)
            #expect(plain.status == 0 && shown.status == 0, "\(shown.err)")
            #expect(shown.err.contains("reading day.csv… 0 s") && shown.err.contains("finding the stays of 1572 fixes… 0 s"))
            #expect(shown.err.hasSuffix("\r\u{1B}[K"), "the line is cleared when the work ends")
            #expect(shown.out == plain.out)
            #expect(plain.err.isEmpty, "not a terminal: no progress")
            let quiet = try GeoKernelTool.run(args + ["--quiet"], environment: Self.forced)
            #expect(quiet.status == 0 && quiet.err.isEmpty && quiet.out == plain.out)
        }
    }

    @Test("graph and route name reading and contracting; places build names reading")
    func roadPhases() throws {
        try TemporaryDirectory.with("gk-progress-road") { dir in
            let graph = try GeoKernelTool.run(["graph", "--osm", "\(Self.examples)/town.osm", "--out", "\(dir)/t.gkroad"],
                                              environment: Self.forced)
            #expect(graph.status == 0 && graph.err.contains("reading \(Self.examples)/town.osm…")
                && graph.err.contains("contracting the road graph…"), "\(graph.err)")
            let route = try GeoKernelTool.run(["route", "--graph", "\(dir)/t.gkroad", "--pins", "\(Self.examples)/pins.geojson"],
                                              environment: Self.forced)
            #expect(route.status == 0 && route.err.contains("loading \(dir)/t.gkroad…"), "\(route.err)")
            let places = try GeoKernelTool.run(["places", "build", "\(Self.examples)/town.osm", "--out", "\(dir)/t.gkaddr", "--quiet"],
                                               environment: Self.forced)
            #expect(places.status == 0 && places.err.isEmpty, "\(places.err)")
        }
    }
    @Test("graph shows how far each metric's contraction has come")
    func contractionPercentages() throws {
        try TemporaryDirectory.with("gk-progress-contraction") { dir in
            let made = try GeoKernelTool.run(["generate", "country", "--junctions", "20000", "--out", "\(dir)/c.osm.pbf"])
            #expect(made.status == 0, "\(made.err)")
            let graph = try GeoKernelTool.run(["graph", "--osm", "\(dir)/c.osm.pbf", "--out", "\(dir)/c.gkroad"],
                                              environment: Self.forced)
            #expect(graph.status == 0, "\(graph.err)")
            let shown = graph.err.components(separatedBy: "\r\u{1B}[K").filter { $0.hasPrefix("contracting the road graph… ") }
            let percents = shown.filter { $0.contains(" %") }
            #expect(!percents.isEmpty, "\(shown)")
            #expect(percents.allSatisfy { $0.contains("(fastest ") || $0.contains("(shortest ") }, "\(percents)")
        }
    }

    @Test("fences names reading the roads of its picture, and --quiet silences it")
    func fencesBackground() throws {
        try TemporaryDirectory.with("gk-progress-fences") { dir in
            let args = ["fences", "--fences", "\(Self.examples)/fences.geojson", "--trace", "\(Self.examples)/day.csv",
                        "--svg", "\(dir)/f.svg", "--osm", "\(Self.examples)/town.osm"]
            let shown = try GeoKernelTool.run(args, environment: Self.forced)
            #expect(shown.status == 0 && shown.err.contains("reading \(Self.examples)/town.osm…"), "\(shown.err)")
            let quiet = try GeoKernelTool.run(args + ["--quiet"], environment: Self.forced)
            #expect(quiet.status == 0 && quiet.err.isEmpty && quiet.out == shown.out, "\(quiet.err)")
        }
    }
}
