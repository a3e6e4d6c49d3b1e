import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Bounding box of a circle")
struct BoundingBoxTests {
    /// Points on the circle's edge must be in the box; the box must touch the circle
    /// at its extreme latitudes (tight), within a slack for the sampling.
    func checkContainsCircle(_ center: Coordinate, _ radius: Double) throws {
        let box = try BoundingBox(circleAround: center, radiusMeters: radius)
        for i in 0..<720 {
            let p = try center.destination(bearingDegrees: Double(i) / 2, distanceMeters: radius * (1 - 1e-12))
            #expect(box.contains(p), "edge point \(p) of circle \(center) r=\(radius) outside \(box)")
        }
    }

    @Test("contains every edge point of seeded random circles, with antimeridian and poles")
    func randomCircles() throws {
        var rng = SeededRandom(seed: 3)
        for _ in 0..<300 {
            let c = try Coordinate(latitude: rng.uniform(-90, 90), longitude: rng.uniform(-180, 180))
            try checkContainsCircle(c, rng.uniform(1, 3_000_000))
        }
    }

    @Test("a circle across the antimeridian has west greater than east")
    func antimeridian() throws {
        let box = try BoundingBox(circleAround: try Coordinate(latitude: 10, longitude: 179.5), radiusMeters: 200_000)
        #expect(box.crossesAntimeridian)
        #expect(box.west > 177 && box.east < -178)
        #expect(box.contains(try Coordinate(latitude: 10, longitude: -179.9)))
        #expect(!box.contains(try Coordinate(latitude: 10, longitude: 0)))
        try checkContainsCircle(try Coordinate(latitude: 10, longitude: 179.5), 200_000)
    }

    @Test("a circle that contains a pole spans all longitudes and reaches the pole")
    func pole() throws {
        let north = try BoundingBox(circleAround: try Coordinate(latitude: 89, longitude: 40), radiusMeters: 200_000)
        #expect(north.north == 90 && north.west == -180 && north.east == 180)
        expectClose(north.south, 89 - 200_000 / EarthModel.meanRadiusMeters * 180 / .pi, tolerance: 1e-9)
        let south = try BoundingBox(circleAround: try Coordinate(latitude: -90, longitude: 0), radiusMeters: 10)
        #expect(south.south == -90 && south.west == -180 && south.east == 180)
    }

    @Test("a small circle on the equator is tight: about 0.009 degrees per km")
    func tight() throws {
        let box = try BoundingBox(circleAround: try Coordinate(latitude: 0, longitude: 0), radiusMeters: 1000)
        let deg = 1000 / EarthModel.meanRadiusMeters * 180 / .pi
        expectClose(box.north, deg, tolerance: 1e-12)
        expectClose(box.east, deg, tolerance: 1e-12)
        expectClose(box.west, -deg, tolerance: 1e-12)
    }

    @Test("a radius of half the circumference covers the globe, a negative one is an error")
    func extremes() throws {
        let c = try Coordinate(latitude: 12, longitude: 34)
        let all = try BoundingBox(circleAround: c, radiusMeters: 20_100_000)
        #expect(all == BoundingBox(south: -90, north: 90, west: -180, east: 180))
        #expect(throws: GeoKernelError.self) { try BoundingBox(circleAround: c, radiusMeters: -1) }
        #expect(throws: GeoKernelError.self) { try BoundingBox(circleAround: c, radiusMeters: .nan) }
    }
}
