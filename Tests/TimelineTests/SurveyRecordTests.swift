import Foundation
import GeoFormats
import GeoKernel
import Testing
import Timeline
import _GeoKernelTestSupport

/// The Travel Diary survey's record (`SurveyRecord`) and `geokernel policy`.
@Suite("The survey record: every fix with its tracking state and motion activity")
struct SurveyRecordTests {
    @Test("each fix carries the policy's state after it and the latest motion sample; the changes equal replay's")
    func stateAndActivity() throws {
        let day = SimulatedDay(seed: 2024)
        let record = try SurveyRecord(replaying: day.inputs)
        #expect(record.fixes.map(\.fix) == day.fixes)
        var policy = TrackingPolicy()
        #expect(record.transitions == (try policy.replay(day.inputs)))
        // Step by step, independently.
        var p = TrackingPolicy()
        var activity = MotionActivity.unknown
        var k = 0
        for input in day.inputs {
            switch input {
            case .fix(let f):
                _ = try p.add(f)
                #expect(record.fixes[k].state == p.state && record.fixes[k].activity == activity, "fix \(k)")
                k += 1
            case .motion(let m):
                _ = try p.add(m)
                activity = m.activity
            }
        }
        #expect(Set(record.fixes.map(\.state)).count >= 3)
        #expect(Set(record.fixes.map(\.activity)).count >= 3)
    }

    @Test("CSV and GeoJSON hold one row or point per fix, in UTC, and the GeoJSON parses")
    func exports() throws {
        let day = SimulatedDay(seed: 2024)
        let record = try SurveyRecord(replaying: day.inputs)
        let lines = record.csv.split(separator: "\n")
        #expect(lines.first == "time,lat,lon,accuracy_m,tracking_state,desired_accuracy_m,motion_activity")
        #expect(lines.count == day.fixes.count + 1)
        let second = lines[2].split(separator: ",", omittingEmptySubsequences: false)
        #expect(second.count == 7 && second[0].hasSuffix("Z"))
        #expect(Double(second[1]) == record.fixes[1].fix.coordinate.latitude)
        let doc = try GeoJSON.decode(record.geoJSON)
        let points = doc.features.filter { $0.properties["kind"] == "fix" }
        #expect(points.count == day.fixes.count)
        #expect(points.first?.properties["trackingState"] == "stopped")
        #expect(doc.features.filter { $0.properties["kind"] == "tracking" }.count == record.transitions.count)
    }

    @Test("a fix out of order is refused")
    func order() {
        let inputs: [TrackingPolicy.Input] = [.fix(Track.fix(100)), .fix(Track.fix(50))]
        #expect(throws: GeoKernelError.self) { try SurveyRecord(replaying: inputs) }
    }

    @Test("geokernel policy replays a trace with a JSON configuration and motion samples, prints the changes and writes the survey")
    func commandLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("geokernel-policy-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let config = dir + "/config.json", motion = dir + "/motion.csv", csv = dir + "/s.csv", geo = dir + "/s.geojson"
        try #"{"StartedTravellingDistanceMetres": 500}"#.write(toFile: config, atomically: true, encoding: .utf8)
        try "time,activity\n2019-01-25T20:00:00Z,walking\n2019-01-25T20:05:00Z,automotive\n"
            .write(toFile: motion, atomically: true, encoding: .utf8)
        let trace = SharedData.path("traces/trackintel/posmo_trajectory.csv")
        let r = try GeoKernelTool.run([
            "policy", trace, "--config", config, "--motion", motion, "--survey-csv", csv, "--survey-geojson", geo,
            "--time-zone", "Europe/Zurich",
        ])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("1327 fixes, 2 motion samples") && r.out.contains("\"StartedTravellingDistanceMetres\": 500"))
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
