import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Geodesic distances from one origin to many points")
struct GeodesicBatchTests {
    @Test("every batch distance has the bits of the scalar distance, for columns and interleaved points, poles and the antimeridian included")
    func equalsScalar() throws {
        var rng = SeededRandom(seed: 2511)
        var lat = (0..<1_000).map { _ in rng.uniform(-90, 90) }
        var lon = (0..<1_000).map { _ in rng.uniform(-180, 180) }
        lat[0] = 90; lat[1] = -90; lon[2] = -180; lon[3] = 180
        lat[4] = -47.3769; lon[4] = -171.4583  // the origin's antipode
        let origin = try Coordinate(latitude: 47.3769, longitude: 8.5417)
        var out = [Double](repeating: .nan, count: lat.count)
        var interleaved = [Double](repeating: .nan, count: lat.count)
        let pairs = zip(lat, lon).flatMap { [$0, $1] }
        try lat.withUnsafeBufferPointer { la in
            try lon.withUnsafeBufferPointer { lo in
                try out.withUnsafeMutableBufferPointer { o in
                    try Geodesic.wgs84.distances(
                        from: origin,
                        to: CoordinateColumns(latitudes: la.baseAddress!, longitudes: lo.baseAddress!, count: la.count),
                        into: o)
                }
            }
        }
        try pairs.withUnsafeBufferPointer { p in
            try interleaved.withUnsafeMutableBufferPointer { o in
                try Geodesic.wgs84.distances(from: origin, to: CoordinateColumns(interleaved: p.baseAddress!, count: lat.count), into: o)
            }
        }
        for i in lat.indices {
            let scalar = Geodesic.wgs84.distanceMeters(from: origin, to: try Coordinate(latitude: lat[i], longitude: lon[i]))
            #expect(out[i] == scalar && interleaved[i] == scalar, "point \(i): \(out[i]), \(interleaved[i]) vs \(scalar)")
        }
        #expect(out[4] > 20_003_000 && out[4] < 20_004_000, "antipode \(out[4])")
    }

    @Test("a point out of range or a short output buffer is refused by name, and nothing is written")
    func refusesBadInput() throws {
        let origin = try Coordinate(latitude: 0, longitude: 0)
        let lat = [10.0, 91, 20], lon = [0.0, 0, 0]
        var out = [Double](repeating: -1, count: 3)
        lat.withUnsafeBufferPointer { la in
            lon.withUnsafeBufferPointer { lo in
                let points = CoordinateColumns(latitudes: la.baseAddress!, longitudes: lo.baseAddress!, count: 3)
                out.withUnsafeMutableBufferPointer { o in
                    let e = #expect(throws: GeoKernelError.self) { try Geodesic.wgs84.distances(from: origin, to: points, into: o) }
                    #expect(e?.message.contains("point 1") == true, "\(String(describing: e))")
                    let short = UnsafeMutableBufferPointer(rebasing: o[0..<2])
                    #expect(throws: GeoKernelError.self) { try Geodesic.wgs84.distances(from: origin, to: points, into: short) }
                }
            }
        }
        #expect(out == [-1, -1, -1])
    }
}
