import GeoKernel
import Geofence
import Testing
import _GeoKernelTestSupport

private let hb = try! Coordinate(latitude: 47.3779, longitude: 8.5403)

@Suite("Geofence validation")
struct GeofenceValidationTests {
    @Test("a duplicate fence id is an error naming the id")
    func duplicateID() throws {
        let m = try GeofenceMonitor()
        try m.add(id: "home", center: hb)
        #expect(throws: GeoKernelError(.duplicate, "a fence with id \"home\" already exists")) {
            try m.add(id: "home", center: hb, radiusMeters: 5)
        }
        #expect(m.count == 1 && m.fence(id: "home")?.radiusMeters == 1000)
    }

    @Test("adding many fences is all or nothing")
    func addContentsOfIsAtomic() throws {
        let m = try GeofenceMonitor()
        try m.add(id: "a", center: hb)
        let batch = [try CircularFence(id: "b", center: hb), try CircularFence(id: "a", center: hb)]
        let e = #expect(throws: GeoKernelError.self) { try m.add(contentsOf: batch) }
        #expect(e?.code == .duplicate && e?.message.contains("\"a\"") == true)
        let twice = [try CircularFence(id: "c", center: hb), try CircularFence(id: "c", center: hb)]
        #expect(throws: GeoKernelError.self) { try m.add(contentsOf: twice) }
        #expect(m.count == 1 && m.fence(id: "b") == nil)
    }

    @Test("invalid radii and empty ids are errors that name the fence", arguments: [
        0.0, -1, .nan, .infinity, -.infinity, 10_000_001,
    ])
    func invalidRadius(_ radius: Double) throws {
        let e = #expect(throws: GeoKernelError.self) { try CircularFence(id: "bad", center: hb, radiusMeters: radius) }
        #expect(e?.code == .invalidArgument)
        #expect(e?.message.contains("fence \"bad\"") == true)
        #expect(e?.message.contains("\(radius)") == true)
    }

    @Test("an empty id and a bad centre are errors")
    func badIDAndCenter() throws {
        #expect(throws: GeoKernelError.self) { try CircularFence(id: "", center: hb) }
        let e = #expect(throws: GeoKernelError.self) { try CircularFence(id: "x", latitude: 91, longitude: 0) }
        #expect(e?.code == .invalidArgument && e?.message == "fence \"x\": latitude 91.0 is outside [-90, 90]")
        #expect(try CircularFence(id: "edge", center: hb, radiusMeters: 10_000_000).radiusMeters == 10_000_000)
    }

    @Test("removing an unknown fence is not found")
    func removeUnknown() throws {
        let m = try GeofenceMonitor()
        #expect(throws: GeoKernelError(.notFound, "no fence with id \"ghost\"")) { try m.remove(id: "ghost") }
    }

    @Test("bad configuration values are errors naming the setting", arguments: [
        (GeofenceConfiguration(hysteresisMeters: -1), "hysteresis"),
        (GeofenceConfiguration(hysteresisMeters: .infinity), "hysteresis"),
        (GeofenceConfiguration(enterMarginMeters: .nan), "enter margin"),
        (GeofenceConfiguration(enterConfirmationFixes: 0), "enter confirmation fixes"),
        (GeofenceConfiguration(enterConfirmationSeconds: -5), "enter confirmation seconds"),
        (GeofenceConfiguration(exitConfirmationFixes: -2), "exit confirmation fixes"),
        (GeofenceConfiguration(exitConfirmationFixes: Int(Int32.max) + 1), "exit confirmation fixes"),
        (GeofenceConfiguration(exitConfirmationSeconds: .nan), "exit confirmation seconds"),
        (GeofenceConfiguration(maximumAccuracyMeters: .nan), "maximum accuracy"),
        (GeofenceConfiguration(maximumAccuracyMeters: -1), "maximum accuracy"),
        (GeofenceConfiguration(dwellSeconds: -1), "dwell"),
        (GeofenceConfiguration(assumedAccuracyMeters: .infinity), "assumed accuracy"),
    ])
    func badConfiguration(_ rules: GeofenceConfiguration, _ name: String) throws {
        let e = #expect(throws: GeoKernelError.self) { try GeofenceMonitor(configuration: rules) }
        #expect(e?.code == .invalidArgument)
        #expect(e?.message.contains(name) == true, "\(e?.message ?? "")")
    }

    @Test("infinite maximum accuracy and dwell are allowed")
    func infiniteAllowed() throws {
        _ = try GeofenceMonitor(configuration: GeofenceConfiguration(maximumAccuracyMeters: .infinity, dwellSeconds: .infinity))
        _ = try GeofenceMonitor(configuration: .raw)
    }
}
