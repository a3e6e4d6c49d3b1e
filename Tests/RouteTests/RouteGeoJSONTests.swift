import GeoFormats
import GeoKernel
import Route
import Testing
import _GeoKernelTestSupport

@Suite("A route plan as GeoJSON: pins as Points, legs as LineStrings with length and time")
struct RouteGeoJSONTests {
    @Test("the FeatureCollection parses and carries every pin and leg")
    func featureCollection() throws {
        var plan = try RoutePlan(configuration: .init(spacingMeters: 2_000))
        try plan.addPin(latitude: 37.7749, longitude: -122.4194)
        try plan.addPin(latitude: 37.8044, longitude: -122.2712)
        try plan.addPin(try Coordinate(latitude: 37.3382, longitude: -121.8863), travelTimeSeconds: 9_900)
        let decoded = try GeoJSON.decode(plan.geoJSON())
        guard case .featureCollection(let features) = decoded else {
            Issue.record("not a FeatureCollection: \(decoded)")
            return
        }
        #expect(features.count == 3 + 2)
        for (i, pin) in plan.pins.enumerated() {
            let f = features[i]
            #expect(f.geometry == .point(GeoJSONPosition(pin.coordinate)))
            #expect(f.properties["kind"] == "pin" && f.properties["label"] == .string(pin.label))
            #expect(f.properties["index"] == .number(Double(i)))
        }
        for (i, leg) in plan.legs.enumerated() {
            let f = features[3 + i]
            #expect(f.geometry == .lineString(leg.geometry.map { GeoJSONPosition($0) }))
            #expect(f.properties["kind"] == "leg")
            #expect(f.properties["from"] == .string(leg.from.label) && f.properties["to"] == .string(leg.to.label))
            #expect(f.properties["lengthMeters"] == .number(leg.lengthMeters))
            #expect(f.properties["travelTimeSeconds"] == .number(leg.travelTime.seconds))
            #expect(f.properties["travelTime"] == .string(leg.travelTime.description))
            #expect(f.properties["steps"] == .array(leg.steps.map { .string($0.instruction) }))
        }
        #expect(features[4].properties["travelTime"] == "0d 2h 45m")
    }

    @Test("an empty plan is an empty FeatureCollection")
    func empty() throws {
        let plan = try RoutePlan()
        #expect(plan.geoJSON() == #"{"type":"FeatureCollection","features":[]}"#)
        #expect(try GeoJSON.decode(plan.geoJSON()) == .featureCollection([]))
    }
}
