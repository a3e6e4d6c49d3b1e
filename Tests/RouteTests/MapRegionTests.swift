import GeoKernel
import Route
import Testing
import _GeoKernelTestSupport

@Suite("Map regions: a distance around a coordinate, or a set of pins")
struct MapRegionTests {
    static let metersPerDegree = EarthModel.meanRadiusMeters * .pi / 180

    @Test("3 km around the user: spans of 3 km on the meridian and on the user's parallel")
    func threeKilometres() throws {
        let user = try Coordinate(latitude: 47.3769, longitude: 8.5417)
        let r = try MapRegion(center: user, latitudinalMeters: 3_000, longitudinalMeters: 3_000)
        #expect(r.center == user)
        expectClose(r.latitudeDeltaDegrees, 3_000 / Self.metersPerDegree, tolerance: 1e-12)
        expectClose(r.longitudeDeltaDegrees, 3_000 / (Self.metersPerDegree * cos(47.3769 * .pi / 180)), tolerance: 1e-12)
        // The edges are 1.5 km from the centre.
        let box = r.boundingBox
        let north = try Coordinate(latitude: box.north, longitude: user.longitude)
        let east = try Coordinate(latitude: user.latitude, longitude: box.east)
        expectClose(haversineDistance(user, north), 1_500, tolerance: 1e-6)
        expectClose(haversineDistance(user, east), 1_500, tolerance: 0.01)  // along the parallel, not a great circle
        #expect(r.contains(try user.destination(bearingDegrees: 30, distanceMeters: 1_000)))
        #expect(!r.contains(try user.destination(bearingDegrees: 30, distanceMeters: 2_500)))
    }

    @Test("a region at the antimeridian continues across it")
    func antimeridianAround() throws {
        let c = try Coordinate(latitude: -17.8, longitude: 179.99)
        let r = try MapRegion(center: c, latitudinalMeters: 3_000, longitudinalMeters: 3_000)
        let box = r.boundingBox
        #expect(box.crossesAntimeridian, "\(box)")
        #expect(box.west > 179.97 && box.east < -179.99)
        #expect(r.contains(try Coordinate(latitude: -17.8, longitude: -179.998)))
        #expect(!r.contains(try Coordinate(latitude: -17.8, longitude: 0)))
    }

    @Test("pins on both sides of the antimeridian give a narrow region centred on it")
    func antimeridianPins() throws {
        let pins = [
            try Coordinate(latitude: -16, longitude: 179.5), try Coordinate(latitude: -18, longitude: -179.5),
            try Coordinate(latitude: -17, longitude: 179.9),
        ]
        let r = try MapRegion(showing: pins)
        expectClose(r.longitudeDeltaDegrees, 1, tolerance: 1e-9)
        expectClose(r.latitudeDeltaDegrees, 2, tolerance: 1e-12)
        #expect(r.center.longitude == -180 && r.center.latitude == -17)
        for p in pins { #expect(r.contains(p)) }
    }

    @Test("pins elsewhere: the box around them, scaled by the padding factor")
    func pinsAndPadding() throws {
        let pins = [
            try Coordinate(latitude: 37.7749, longitude: -122.4194), try Coordinate(latitude: 37.8044, longitude: -122.2712),
            try Coordinate(latitude: 37.3382, longitude: -121.8863),
        ]
        let r = try MapRegion(showing: pins)
        expectClose(r.center.latitude, (37.3382 + 37.8044) / 2, tolerance: 1e-12)
        expectClose(r.center.longitude, (-122.4194 - 121.8863) / 2, tolerance: 1e-12)
        expectClose(r.latitudeDeltaDegrees, 37.8044 - 37.3382, tolerance: 1e-12)
        expectClose(r.longitudeDeltaDegrees, 122.4194 - 121.8863, tolerance: 1e-12)
        let padded = try MapRegion(showing: pins, paddingFactor: 1.2)
        expectClose(padded.latitudeDeltaDegrees, 1.2 * r.latitudeDeltaDegrees, tolerance: 1e-12)
        #expect(padded.center == r.center)
        let one = try MapRegion(showing: [pins[0]])
        #expect(one.center == pins[0] && one.latitudeDeltaDegrees == 0 && one.longitudeDeltaDegrees == 0)
    }

    @Test("a route plan's region shows its pins; none without pins")
    func planRegion() throws {
        var plan = try RoutePlan()
        #expect(try plan.region() == nil)
        try plan.addPin(latitude: 10, longitude: 20)
        try plan.addPin(latitude: 12, longitude: 21)
        #expect(try plan.region(paddingFactor: 1.5) == (try MapRegion(showing: plan.polyline, paddingFactor: 1.5)))
    }

    @Test("at a pole the longitude span is the whole circle")
    func pole() throws {
        let r = try MapRegion(center: try Coordinate(latitude: 90, longitude: 0), latitudinalMeters: 3_000, longitudinalMeters: 3_000)
        #expect(r.longitudeDeltaDegrees == 360)
        #expect(r.boundingBox.north == 90 && r.boundingBox.west == -180 && r.boundingBox.east == 180)
        let huge = try MapRegion(center: try Coordinate(latitude: 0, longitude: 0), latitudinalMeters: 1e8, longitudinalMeters: 1e8)
        #expect(huge.latitudeDeltaDegrees == 180 && huge.longitudeDeltaDegrees == 360)
    }

    @Test("bad sizes, spans and paddings are errors")
    func errors() throws {
        let c = try Coordinate(latitude: 0, longitude: 0)
        #expect(throws: GeoKernelError.self) { try MapRegion(center: c, latitudinalMeters: -1, longitudinalMeters: 1) }
        #expect(throws: GeoKernelError.self) { try MapRegion(center: c, latitudinalMeters: 1, longitudinalMeters: .nan) }
        #expect(throws: GeoKernelError.self) { try MapRegion(center: c, latitudeDeltaDegrees: 181, longitudeDeltaDegrees: 1) }
        #expect(throws: GeoKernelError.self) { try MapRegion(showing: []) }
        #expect(throws: GeoKernelError.self) { try MapRegion(showing: [c], paddingFactor: 0.5) }
    }
}

#if canImport(Glibc)
import Glibc
#endif
