import GeoKernel
import Testing
import Timeline

@Suite("TrackingPolicy configuration from JSON")
struct TrackingConfigurationTests {
    typealias Configuration = TrackingPolicy.Configuration

    @Test("missing keys take the seed's defaults")
    func defaults() throws {
        let c = try Configuration(json: "{}")
        #expect(c == .default)
        #expect(c.startedTravellingDistanceMeters == 250 && c.stoppedMovingStationarySeconds == 600)
        #expect(c.sameLocationDistanceMeters == 100 && c.stopMovingSameLocationSeconds == 900)
        #expect(c.fastSpeedKmh == 80 && c.inVehicleOrStationarySeconds == 300 && c.activelyMovingSeconds == 20)
    }

    @Test("all seven keys are read, with exactly the seed's names")
    func allKeys() throws {
        let text = """
            {"StartedTravellingDistanceMetres": 300, "StoppedMovingStationarySeconds": 420.5,
             "SameLocationDistanceMetres": 50, "StopMovingSameLocationSeconds": 600,
             "FastSpeedKmh": 90, "InVehicleOrStationarySeconds": 120, "ActivelyMovingSeconds": 0}
            """
        let c = try Configuration(json: text)
        #expect(c == (try Configuration(
            startedTravellingDistanceMeters: 300, stoppedMovingStationarySeconds: 420.5,
            sameLocationDistanceMeters: 50, stopMovingSameLocationSeconds: 600, fastSpeedKmh: 90,
            inVehicleOrStationarySeconds: 120, activelyMovingSeconds: 0)))
        #expect(try Configuration(json: c.json) == c)
        #expect(Configuration.jsonKeys.allSatisfy { c.json.contains("\"\($0)\"") })
    }

    @Test("errors name the key: unknown, negative, not a number", arguments: [
        (#"{"FastSpeedKmh": 80, "SlowSpeedKmh": 5}"#, "unknown key \"SlowSpeedKmh\""),
        (#"{"StartedTravellingDistanceMeters": 250}"#, "unknown key \"StartedTravellingDistanceMeters\""),
        (#"{"ActivelyMovingSeconds": -1}"#, "ActivelyMovingSeconds -1.0 must not be negative"),
        (#"{"FastSpeedKmh": "80"}"#, "FastSpeedKmh is the string \"80\", not a number"),
        (#"{"SameLocationDistanceMetres": true}"#, "SameLocationDistanceMetres is true, not a number"),
        (#"{"StopMovingSameLocationSeconds": null}"#, "StopMovingSameLocationSeconds is null, not a number"),
        (#"{"InVehicleOrStationarySeconds": [300]}"#, "InVehicleOrStationarySeconds is an array or an object"),
        (#"{"StoppedMovingStationarySeconds": 1e999}"#, "StoppedMovingStationarySeconds"),
        (#"[250, 600]"#, "must be a JSON object"),
        (#"{"FastSpeedKmh": 80,"#, "not valid JSON"),
        ("", "not valid JSON"),
    ])
    func errors(text: String, mentions: String) {
        do {
            _ = try Configuration(json: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.code == .parse)
            #expect(error.message.contains(mentions), "\(error.message)")
        }
    }

    @Test("values set in code are checked too")
    func checkedInCode() {
        do {
            _ = try Configuration(fastSpeedKmh: .nan)
            Issue.record("accepted NaN")
        } catch {
            #expect(error.code == .invalidArgument && error.message.contains("FastSpeedKmh"))
        }
    }
}
