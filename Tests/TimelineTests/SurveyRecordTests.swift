import GeoFormats
import GeoKernel
import Simulation
import Testing
import Timeline

/// The Travel Diary survey's record (`SurveyRecord`).
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
}
