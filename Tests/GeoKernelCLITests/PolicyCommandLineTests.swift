import Foundation
import GeoFormats
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// `geokernel policy` (the Travel Diary survey's tracking policy and record), run as the built tool.
@Suite("The command line: geokernel policy")
struct PolicyCommandLineTests {
    @Test("geokernel policy replays a trace with a JSON configuration and motion samples, prints the changes and writes the survey")
    func commandLine() throws {
        let tmp = try TemporaryDirectory("gk-policy-cli")
        let config = tmp.file("config.json"), motion = tmp.file("motion.csv")
        let csv = tmp.file("s.csv"), geo = tmp.file("s.geojson")
        try #"{"StartedTravellingDistanceMetres": 500}"#.write(toFile: config, atomically: true, encoding: .utf8)
        try "time,activity\n2019-01-25T20:00:00Z,walking\n2019-01-25T20:05:00Z,automotive\n"
            .write(toFile: motion, atomically: true, encoding: .utf8)
        let trace = SharedData.path("traces/trackintel/posmo_trajectory.csv")
        let r = try GeoKernelTool.run([
            "policy", trace, "--config", config, "--motion", motion, "--survey-csv", csv, "--survey-geojson", geo,
            "--time-zone", "Europe/Zurich",
        ])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("1327 fixes, 2 motion samples")
                && r.out.contains("\"StartedTravellingDistanceMetres\": 500"))
        #expect(r.out.contains("stopped → activelyMoving (leftStopLocation)") && r.out.contains(" CET "), "\(r.out)")
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        #expect(rows.count == 1328 && rows.last?.hasSuffix(",automotive") == true)
        #expect(try GeoJSON.read(contentsOf: geo).features.count >= 1327)
        let demo = try GeoKernelTool.run(["policy", "--demo"])
        #expect(demo.status == 0 && demo.out.contains("inFastVehicle"), "\(demo.out)")
        // Errors: an unknown key names it; a trace and --demo together; a bad motion line.
        try #"{"FastSpeed": 9}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let bad = try GeoKernelTool.run(["policy", trace, "--config", config])
        #expect(bad.status != 0 && bad.err.contains("FastSpeed"), "\(bad.err)")
        #expect(try GeoKernelTool.run(["policy", trace, "--demo"]).status != 0)
        try "time,activity\nyesterday,walking\n".write(toFile: motion, atomically: true, encoding: .utf8)
        let badMotion = try GeoKernelTool.run(["policy", trace, "--motion", motion])
        #expect(badMotion.status != 0 && badMotion.err.contains("line 2"), "\(badMotion.err)")
    }
}
