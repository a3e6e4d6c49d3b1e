import GeoKernel
import Testing
import _GeoKernelTestSupport

#if canImport(Glibc)
import Glibc
#endif

@Suite("Gnomonic projection: the local plane of geographic simplification")
struct GnomonicProjectionTests {
    @Test("the centre projects to the origin; x grows east and y north")
    func axes() throws {
        let centre = try Coordinate(latitude: 47.3769, longitude: 8.5417)
        let g = try GnomonicProjection(center: centre)
        let o = try g.project(centre)
        #expect(abs(o.x) < 1e-9 && abs(o.y) < 1e-9)
        let east = try g.project(try centre.destination(bearingDegrees: 90, distanceMeters: 1000))
        let north = try g.project(try centre.destination(bearingDegrees: 0, distanceMeters: 1000))
        #expect(east.x > 999 && abs(east.y) < 0.1)
        #expect(north.y > 999 && abs(north.x) < 1e-6)
    }

    @Test("project and unproject round-trip, also across the antimeridian and at a pole")
    func roundTrip() throws {
        var rng = SeededRandom(seed: 3)
        for centre in [(0.0, 179.9), (89.999, 10), (-90, 0), (35, -100)] {
            let g = try GnomonicProjection(center: try Coordinate(latitude: centre.0, longitude: centre.1))
            for _ in 0..<500 {
                let p = try g.center.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(0, 5_000_000))
                let q = try g.project(p)
                let back = try g.unproject(x: q.x, y: q.y)
                #expect(haversineDistance(p, back) < 1e-6, "\(p) came back as \(back)")
            }
        }
    }

    @Test("great circles become straight lines")
    func greatCirclesAreStraight() throws {
        var rng = SeededRandom(seed: 4)
        let g = try GnomonicProjection(center: try Coordinate(latitude: 38, longitude: -99))
        for _ in 0..<300 {
            let a = try g.center.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(0, 3_000_000))
            let b = try a.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(1_000, 2_000_000))
            let m = try a.destination(bearingDegrees: a.initialBearing(to: b), distanceMeters: haversineDistance(a, b) * rng.uniform(0, 1))
            guard g.cosineOfDistance(to: b) > 0.2 else { continue }
            let pa = try g.project(a), pb = try g.project(b), pm = try g.project(m)
            // Distance of pm from the planar line pa–pb, relative to the length pa–pb.
            let lx = pb.x - pa.x, ly = pb.y - pa.y
            let offLine = abs((pm.x - pa.x) * ly - (pm.y - pa.y) * lx) / (lx * lx + ly * ly)
            #expect(offLine < 1e-9)
        }
    }

    @Test("planar distances are never shorter than spherical ones, at most 1/cos²ρ longer")
    func scaleBounds() throws {
        var rng = SeededRandom(seed: 6)
        let g = try GnomonicProjection(center: try Coordinate(latitude: -20, longitude: 140))
        for _ in 0..<1_000 {
            let a = try g.center.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(0, 4_000_000))
            let b = try a.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(1, 50_000))
            let pa = try g.project(a), pb = try g.project(b)
            let planar = ((pb.x - pa.x) * (pb.x - pa.x) + (pb.y - pa.y) * (pb.y - pa.y)).squareRoot()
            let sphere = haversineDistance(a, b)
            let bound = max(g.maximumScaleFactor(at: a), g.maximumScaleFactor(at: b))
            #expect(planar >= sphere * (1 - 1e-9))
            #expect(planar <= sphere * bound * 1.000_01 + 1e-6)
        }
        expectClose(g.maximumScaleFactor(at: g.center), 1, tolerance: 1e-12)
    }

    @Test("points 90° or more from the centre are refused")
    func horizon() throws {
        let g = try GnomonicProjection(center: try Coordinate(latitude: 0, longitude: 0))
        #expect(throws: GeoKernelError.self) { try g.project(try Coordinate(latitude: 0, longitude: 90)) }
        #expect(throws: GeoKernelError.self) { try g.project(try Coordinate(latitude: 0, longitude: -150)) }
        #expect(throws: GeoKernelError.self) { try GnomonicProjection(centeredOn: []) }
        #expect(throws: GeoKernelError.self) { try g.unproject(x: .nan, y: 0) }
        #expect(g.maximumScaleFactor(at: try Coordinate(latitude: 0, longitude: 120)) == .infinity)
    }
}
