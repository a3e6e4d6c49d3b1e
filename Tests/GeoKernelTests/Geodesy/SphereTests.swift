import GeoKernel
import Testing
import _GeoKernelTestSupport

/// Spherical navigation. Values marked "movable-type" are from chrisveness/geodesy's
/// latlon-spherical tests (R = 6 371 000 m), rounded as published there.
@Suite("Bearings, destinations and track distances on the sphere")
struct SphereTests {
    let cambridge = try! Coordinate(latitude: 52.205, longitude: 0.119)
    let paris = try! Coordinate(latitude: 48.857, longitude: 2.351)

    @Test("initial bearing from Cambridge to Paris is 156.2 degrees (movable-type)")
    func bearing() {
        expectClose(cambridge.initialBearing(to: paris), 156.1666, tolerance: 5e-5)
    }

    @Test("initial bearing is in [0, 360) and due east along the equator")
    func bearingRange() throws {
        let a = try Coordinate(latitude: 0, longitude: 0)
        expectClose(a.initialBearing(to: try Coordinate(latitude: 0, longitude: 10)), 90, tolerance: 1e-12)
        expectClose(a.initialBearing(to: try Coordinate(latitude: 0, longitude: -10)), 270, tolerance: 1e-12)
        #expect(a.initialBearing(to: a) == 0)
        // Across the antimeridian the short way is east.
        let b = try Coordinate(latitude: 0, longitude: 179.5)
        expectClose(b.initialBearing(to: try Coordinate(latitude: 0, longitude: -179.5)), 90, tolerance: 1e-9)
    }

    @Test("destination 7794 m along 300.7 degrees from Greenwich matches movable-type")
    func destination() throws {
        let start = try Coordinate(latitude: 51.47788, longitude: -0.00147)
        let d = try start.destination(bearingDegrees: 300.7, distanceMeters: 7794, radiusMeters: 6_371_000)
        expectClose(d.latitude, 51.5136, tolerance: 1e-4)
        expectClose(d.longitude, -0.0983, tolerance: 1e-4)
    }

    @Test("destination then distance and bearing back agree on seeded random trips")
    func destinationRoundTrip() throws {
        var rng = SeededRandom(seed: 11)
        for _ in 0..<2_000 {
            let a = try Coordinate(latitude: rng.uniform(-89, 89), longitude: rng.uniform(-180, 180))
            let bearing = rng.uniform(0, 360)
            let dist = rng.uniform(1, 5_000_000)
            let b = try a.destination(bearingDegrees: bearing, distanceMeters: dist)
            expectClose(haversineDistance(a, b), dist, tolerance: 1e-6 * max(1, dist / 1000))
            #expect(azimuthDifference(a.initialBearing(to: b), bearing) < 1e-7)
        }
    }

    @Test("destination crosses the antimeridian into [-180, 180)")
    func destinationAntimeridian() throws {
        let a = try Coordinate(latitude: 0, longitude: 179.9)
        let b = try a.destination(bearingDegrees: 90, distanceMeters: 111_195 * 0.2)
        #expect(b.longitude < -179.8 && b.longitude >= -180)
    }

    @Test("destination rejects non-finite bearing, distance and radius")
    func destinationRejects() {
        let a = cambridge
        #expect(throws: GeoKernelError.self) { try a.destination(bearingDegrees: .nan, distanceMeters: 1) }
        #expect(throws: GeoKernelError.self) { try a.destination(bearingDegrees: 0, distanceMeters: .infinity) }
        #expect(throws: GeoKernelError.self) { try a.destination(bearingDegrees: 0, distanceMeters: 1, radiusMeters: -1) }
    }

    @Test("cross-track distance is -307.5 m and along-track 62.331 km (movable-type)")
    func crossTrack() throws {
        let p = try Coordinate(latitude: 53.2611, longitude: -0.7972)
        let s = try Coordinate(latitude: 53.3206, longitude: -1.7297)
        let e = try Coordinate(latitude: 53.1887, longitude: 0.1334)
        expectClose(try p.crossTrackDistance(start: s, end: e, radiusMeters: 6_371_000), -307.5, tolerance: 0.05)
        expectClose(try p.alongTrackDistance(start: s, end: e, radiusMeters: 6_371_000), 62_331.5, tolerance: 0.5)
    }

    @Test("cross-track is positive to the right of travel and along-track negative behind the start")
    func crossTrackSigns() throws {
        let s = try Coordinate(latitude: 0, longitude: 0)
        let e = try Coordinate(latitude: 0, longitude: 10)
        let south = try Coordinate(latitude: -1, longitude: 5)
        let behind = try Coordinate(latitude: 0, longitude: -3)
        #expect(try south.crossTrackDistance(start: s, end: e) > 0)
        expectClose(try south.crossTrackDistance(start: s, end: e), 1 * .pi / 180 * EarthModel.meanRadiusMeters, tolerance: 1e-6)
        expectClose(try behind.alongTrackDistance(start: s, end: e), -3 * .pi / 180 * EarthModel.meanRadiusMeters, tolerance: 1e-6)
    }

    @Test("cross-track rejects a path whose ends coincide")
    func crossTrackDegenerate() throws {
        let s = try Coordinate(latitude: 10, longitude: 10)
        #expect(throws: GeoKernelError.self) { try paris.crossTrackDistance(start: s, end: s) }
    }
}
