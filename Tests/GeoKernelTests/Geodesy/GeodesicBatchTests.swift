import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Geodesic distances from one origin to many points")
struct GeodesicBatchTests {
    @Test("every batch distance is within 8 nm of the scalar distance, for columns and interleaved points, with meridians, the equator, poles, the antimeridian, the antipode, coincident and nearby points in every lane")
    func matchesScalar() throws {
        var rng = SeededRandom(seed: 2511)
        var lat = (0..<1_003).map { _ in rng.uniform(-90, 90) }
        var lon = (0..<1_003).map { _ in rng.uniform(-180, 180) }
        // Points the kernel hands to the scalar (and ones next to them), at every lane.
        let special: [(Double, Double)] = [
            (90, 0), (-90, 0), (10, -180), (-10, 180), (-47.3769, -171.4583),  // poles, antimeridian, antipode
            (47.3769, 8.5417), (47.3769 + 1e-9, 8.5417), (47.37691, 8.54171),  // the origin, under a metre, a metre
            (0, 30), (0, -150), (-20, 8.5417), (60, 8.5417), (47.3769, -171.4583),  // equator, meridians
            (-47.3, -171.4), (-47.5, -171.6), (-46.9, -171.56),  // near the antipode
        ]
        for (k, p) in special.enumerated() {
            for lane in 0..<4 { lat[16 * k + 4 * lane + lane] = p.0; lon[16 * k + 4 * lane + lane] = p.1 }
        }
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
        var worst = 0.0
        for i in lat.indices {
            let scalar = Geodesic.wgs84.distanceMeters(from: origin, to: try Coordinate(latitude: lat[i], longitude: lon[i]))
            #expect(abs(out[i] - scalar) <= 8e-9 && interleaved[i] == out[i], "point \(i): \(out[i]), \(interleaved[i]) vs \(scalar)")
            worst = max(worst, abs(out[i] - scalar))
        }
        print("batch against scalar: worst \(worst) m")
        #expect(out[64] > 20_003_000 && out[64] < 20_004_000, "antipode \(out[64])")
        #expect(out[80] == 0 && abs(out[96] - 0.000_111) < 0.000_001, "\(out[80]), \(out[96])")
    }

    @Test("batch distances equal GeographicLib within 15 nm on its 1 000 reference geodesics, five ellipsoids, each point in every lane and in the tail, the other lanes within 8 nm of the scalar")
    func matchesGeographicLib() throws {
        let rows = GeodesicAgainstGeographicLibTests.rows
        #expect(rows.count == 1_000)
        var worst = 0.0, worstScalar = 0.0
        for (r, row) in rows.enumerated() {
            let g = try GeodesicAgainstGeographicLibTests.geodesic(row)
            let origin = try Coordinate(latitude: row.lat1, longitude: row.lon1)
            // The row's end point at lane r % 4 and at the tail, the others from other rows.
            let lat = GeodesicAgainstGeographicLibTests.inLanes(r, \.lat2)
            let lon = GeodesicAgainstGeographicLibTests.inLanes(r, \.lon2)
            var out = [Double](repeating: .nan, count: 5)
            try lat.withUnsafeBufferPointer { la in
                try lon.withUnsafeBufferPointer { lo in
                    try out.withUnsafeMutableBufferPointer { o in
                        try g.distances(
                            from: origin,
                            to: CoordinateColumns(latitudes: la.baseAddress!, longitudes: lo.baseAddress!, count: 5),
                            into: o)
                    }
                }
            }
            for k in [r % 4, 4] {
                worst = max(worst, abs(out[k] - row.s12))
                expectClose(out[k], row.s12, tolerance: 15e-9, "\(row.set) (\(row.lat1), \(row.lon1)) → (\(row.lat2), \(row.lon2)) at \(k)")
            }
            for k in 0..<4 where k != r % 4 {
                let scalar = g.distanceMeters(from: origin, to: try Coordinate(latitude: lat[k], longitude: lon[k]))
                worstScalar = max(worstScalar, abs(out[k] - scalar))
                #expect(abs(out[k] - scalar) <= 8e-9, "lane \(k) beside row \(r): \(out[k]) vs \(scalar)")
            }
        }
        #expect(worst <= 15e-9)
        print("batch against GeographicLib: worst \(worst) m; against the scalar: \(worstScalar) m")
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
