import Foundation
import GeoFormats
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// `geokernel timeline` and the Timeline part of `geokernel demo`, run as the built tool
/// (it sits beside the test binary in the build's products directory).
@Suite("The command line: geokernel timeline and the demo's simulated day")
struct TimelineCommandLineTests {
    static func run(_ arguments: [String], temporaryDirectory: String? = nil) throws -> GeoKernelTool.Run {
        try GeoKernelTool.run(arguments, environment: temporaryDirectory.map { ["TMPDIR": $0] } ?? [:])
    }

    /// Runs `body` with the path of a fresh temporary directory, removed afterwards.
    static func scratch(_ body: (String) throws -> Void) throws { try TemporaryDirectory.with("gk-timeline-cli", body) }

    @Test("timeline prints the diary of a GPX trace and writes it as GeoJSON")
    func gpx() throws {
        try Self.scratch { dir in
            let out = dir + "/korita.geojson"
            let r = try Self.run([
                "timeline", SharedData.path("traces/gpxpy/korita-zbevnica.gpx"), "--preset", "trackintel", "--no-include-open",
                "--output", out,
            ])
            #expect(r.status == 0, "\(r.err)")
            #expect(r.out.contains("513 fixes") && r.out.contains("preset trackintel: 100 m for 300 s"))
            let stays = r.out.split(separator: "\n").filter { $0.hasPrefix("  stay ") }
            #expect(stays.count == 7, "\(r.out)")
            #expect(stays.first?.contains("2010-10-03 09:36:30 → 2010-10-03 09:50:31") == true)
            let doc = try GeoJSON.read(contentsOf: out)
            #expect(doc.features.filter { $0.properties["kind"] == "placemark" }.count == 7)
            #expect(r.out.contains("GeoJSON: \(out)"))
        }
    }

    @Test("by default the diary is the cleaned timelyMoves one and the stay the track ends in is reported open")
    func defaults() throws {
        try Self.scratch { dir in
            // 20 min at one place, a walk of 10 min, then 20 min at another place until the track ends.
            var csv = "lat,lon,time\n"
            var t = 1_704_708_000
            for i in 0..<70 {
                let lat = i < 20 ? 45.0 : i < 30 ? 45.0 + Double(i - 19) * 0.0005 : 45.0055
                csv += "\(lat),14.0,\(t)\n"
                t += 60
            }
            let trace = dir + "/ends-inside.csv"
            try csv.write(toFile: trace, atomically: true, encoding: .utf8)
            let r = try Self.run(["timeline", trace, "--output", dir + "/d.geojson"])
            #expect(r.status == 0, "\(r.err)")
            #expect(r.out.contains("preset timelyMoves: 50 m for 180 s") && r.out.contains("cleaning: top speed 50 m/s"), "\(r.out)")
            let stays = r.out.split(separator: "\n").filter { $0.hasPrefix("  stay ") }
            #expect(stays.count == 2 && stays.last?.contains("(open)") == true && stays.first?.contains("(open)") == false, "\(r.out)")
            let open = try GeoJSON.read(contentsOf: dir + "/d.geojson").features.filter { $0.properties["open"] == .bool(true) }
            #expect(open.count == 1)
            // trackintel's rule, one flag away, leaves it out; names match in any letter case.
            let closed = try Self.run(["timeline", trace, "--preset", "TrackIntel", "--no-include-open", "--output", dir + "/e.geojson"])
            #expect(closed.status == 0 && closed.out.contains("preset trackintel: 100 m for 300 s"), "\(closed.err)")
            #expect(closed.out.split(separator: "\n").filter { $0.hasPrefix("  stay ") }.count == 1, "\(closed.out)")
        }
    }

    @Test("without --output, two traces of the same name in different folders keep their own diary")
    func defaultOutputIsUnique() throws {
        try Self.scratch { dir in
            let source = try String(contentsOfFile: SharedData.path("traces/trackintel/posmo_trajectory.csv"), encoding: .utf8)
            var written: [String] = []
            for folder in ["a", "b"] {
                try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true)
                let trace = dir + "/" + folder + "/day.csv"
                try source.write(toFile: trace, atomically: true, encoding: .utf8)
                let r = try Self.run(["timeline", trace])
                #expect(r.status == 0, "\(r.err)")
                let line = r.out.split(separator: "\n").first { $0.hasPrefix("GeoJSON: ") }
                written.append(String(line?.dropFirst("GeoJSON: ".count) ?? ""))
                // The same trace writes the same file again.
                let again = try Self.run(["timeline", trace])
                #expect(again.out.contains("GeoJSON: \(written.last!)"), "\(again.out)")
            }
            defer { for path in written { try? FileManager.default.removeItem(atPath: path) } }
            #expect(written.count == 2 && written[0] != written[1], "\(written)")
            for path in written {
                #expect(path.hasPrefix(FileManager.default.temporaryDirectory.path) && path.hasSuffix(".diary.geojson"), "\(path)")
                #expect((path as NSString).lastPathComponent.hasPrefix("day-"), "\(path)")
                #expect(FileManager.default.fileExists(atPath: path))
            }
        }
    }

    @Test("--output - writes the GeoJSON to standard output and the report to standard error")
    func outputToStandardOutput() throws {
        try Self.scratch { dir in
            let trace = SharedData.path("traces/gpxpy/korita-zbevnica.gpx")
            let file = try Self.run(["timeline", trace, "--output", dir + "/k.geojson"])
            let piped = try Self.run(["timeline", trace, "--output", "-"])
            #expect(piped.status == 0, "\(piped.err)")
            #expect(piped.out == (try String(contentsOfFile: dir + "/k.geojson", encoding: .utf8)), "the GeoJSON, and only it")
            #expect(piped.err.contains("513 fixes") && piped.err.contains("GeoJSON: standard output"), "\(piped.err)")
            #expect(!FileManager.default.fileExists(atPath: "-"))
            let lines = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("  stay ") } }
            #expect(lines(piped.err) == lines(file.out))
            // The picture can go there instead; only one output can.
            let svg = try Self.run(["timeline", trace, "--output", dir + "/s.geojson", "--svg", "-"])
            #expect(svg.status == 0 && svg.out.hasPrefix("<svg") && svg.err.contains("SVG: standard output"), "\(svg.err)")
            let both = try Self.run(["timeline", trace, "--output", "-", "--svg", "-"])
            #expect(both.status != 0 && both.err.contains("only one output can be -"), "\(both.err)")
            // The same rule in route: the picture on standard output, the legs on standard error.
            let route = try Self.run(["route", "--pin", "52.52,13.405", "--pin", "52.50,13.45", "--svg", "-"])
            #expect(route.status == 0 && route.out.hasPrefix("<svg") && route.out.hasSuffix("</svg>\n"), "\(route.err)")
            #expect(route.err.contains("A  52.520000, 13.405000"), "\(route.err)")
        }
    }

    @Test("options override the preset, and a CSV trace works the same")
    func options() throws {
        try Self.scratch { dir in
            let r = try Self.run([
                "timeline", SharedData.path("traces/trackintel/google_trajectory.csv"), "--preset", "travelDiary",
                "--distance", "200", "--gap", "inf", "--min-accuracy", "inf", "--include-open", "--output", dir + "/g.geojson",
            ])
            #expect(r.status == 0, "\(r.err)")
            #expect(r.out.contains("preset travelDiary: 200 m for 900 s, gap limit none, accuracy limit none"), "\(r.out)")
            #expect(r.out.contains("415 out of time order"))
        }
    }

    @Test("timeline --live prints arrivals while the person is still there, then departures, and the same diary")
    func live() throws {
        try Self.scratch { dir in
            let trace = SharedData.path("traces/gpxpy/korita-zbevnica.gpx")
            let trackintel = ["--preset", "trackintel", "--no-include-open"]
            let batch = try Self.run(["timeline", trace, "--output", dir + "/b.geojson"] + trackintel)
            let live = try Self.run(["timeline", trace, "--live", "--updates", "--output", dir + "/l.geojson"] + trackintel)
            #expect(live.status == 0, "\(live.err)")
            let lines = live.out.split(separator: "\n").map(String.init)
            let arrived = lines.filter { $0.contains(" arrived ") }, departed = lines.filter { $0.contains(" departed ") }
            let cancelled = lines.filter { $0.contains(" cancelled ") }
            // Seven placemarks; one more stay was announced at 10:57:10 and cancelled at 11:13:49,
            // when a 16-minute pause (beyond trackintel's 15) dropped its window.
            #expect(departed.count == 7 && cancelled.count == 1 && arrived.count == 8, "\(live.out)")
            #expect(cancelled.first?.hasPrefix("  2010-10-03 11:13:49  cancelled #3") == true, "\(cancelled)")
            // The first stay (09:36:30 → 09:50:31) is announced at 09:41:xx, five minutes in.
            #expect(arrived.first?.hasPrefix("  2010-10-03 09:4") == true, "\(arrived)")
            #expect(lines.contains { $0.contains(" updated ") })
            // The diary printed after the events is the batch diary.
            let stays = { (out: String) in out.split(separator: "\n").filter { $0.hasPrefix("  stay ") } }
            #expect(stays(live.out) == stays(batch.out))
        }
    }

    @Test("timeline --preset timelyMoves cleans the track by default; --no-clean and the seed's preset do not")
    func timelyMovesCleans() throws {
        try Self.scratch { dir in
            let trace = SharedData.path("traces/trackintel/posmo_trajectory.csv")
            let r = try Self.run(["timeline", trace, "--preset", "timelyMoves", "--output", dir + "/p.geojson"])
            #expect(r.status == 0, "\(r.err)")
            #expect(r.out.contains("cleaning: top speed 50 m/s, accuracy limit 100 m"), "\(r.out)")
            #expect(r.out.contains("impossible jumps"))
            let raw = try Self.run(["timeline", trace, "--preset", "timelyMoves", "--no-clean", "--output", dir + "/q.geojson"])
            #expect(raw.status == 0 && !raw.out.contains("cleaning:"))
            let seed = try Self.run(["timeline", trace, "--preset", "timelyMovesSeed", "--output", dir + "/s.geojson"])
            #expect(seed.out.contains("preset timelyMovesSeed: 20 m for 3 s"), "\(seed.out)")
            let bad = try Self.run(["timeline", trace, "--clean", "--max-speed", "0", "--output", dir + "/z.geojson"])
            #expect(bad.status != 0 && bad.err.contains("maximum speed"), "\(bad.err)")
        }
    }

    @Test("placemarks are named through the Nearby facade's reverse geocoder")
    func gazetteer() throws {
        try Self.scratch { dir in
            let places = dir + "/places.csv"
            try "lat,lon,name,admin1,admin2,cc\n45.4527,14.0176,Korita,Primorska,,SI\n45.46,14.0057,Zbevnica,,,SI\n"
                .write(toFile: places, atomically: true, encoding: .utf8)
            let r = try Self.run([
                "timeline", SharedData.path("traces/gpxpy/korita-zbevnica.gpx"), "--gazetteer", places,
                "--name-within", "300", "--output", dir + "/k.geojson",
            ])
            #expect(r.status == 0, "\(r.err)")
            #expect(r.out.contains("stay Korita") && r.out.contains("stay Zbevnica"), "\(r.out)")
            let names = try GeoJSON.read(contentsOf: dir + "/k.geojson").features.compactMap { $0.properties["name"]?.stringValue }
            #expect(names.contains("Korita"))
        }
    }

    @Test("bad input is an error that says what and where", arguments: [
        (["timeline", "/nonexistent/trace.gpx"], "cannot read /nonexistent/trace.gpx"),
        (["timeline", "trace.kml"], "cannot tell the track format"),
        (["timeline", "trace.gpx", "--distance=-3"], "distance -3.0 m must be finite and > 0"),
        (["timeline", "trace.gpx", "--preset", "moves"], "'moves' is invalid"),
    ])
    func errors(arguments: [String], mentions: String) throws {
        let r = try Self.run(arguments)
        #expect(r.status != 0)
        #expect(r.err.contains(mentions), "\(r.err)")
    }

    @Test("the demo replays the simulated day and writes its diary into the temporary directory")
    func demo() throws {
        try Self.scratch { dir in
            let r = try Self.run(["demo"], temporaryDirectory: dir)
            #expect(r.status == 0, "\(r.err)")
            let part = r.out.components(separatedBy: "== Where did I stop").dropFirst().first ?? ""
            for text in ["stay home", "stay café", "stay office", "move café → office", "inFastVehicle (1 km)",
                         "notMoving (3 km)", "placemarks by preset"] {
                #expect(part.contains(text), "\(text) missing from:\n\(part)")
            }
            let path = dir + "/geokernel-demo-diary.geojson"
            #expect(part.contains("diary written as GeoJSON: \(path)"))
            let features = try GeoJSON.read(contentsOf: path).features
            #expect(features.filter { $0.properties["kind"] == "placemark" }.count == 4)
            #expect(features.contains { $0.properties["kind"] == "tracking" })
        }
    }
}
