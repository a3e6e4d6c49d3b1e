import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Direct geodesics from one origin along many azimuths and distances")
struct GeodesicDestinationsTests {
    struct Batch {
        var lat: [Double], lon: [Double], azi2: [Double]
    }

    static func destinations(_ g: Geodesic, _ origin: Coordinate, _ azi: [Double], _ s12: [Double]) throws -> Batch {
        var out = Batch(
            lat: .init(repeating: .nan, count: azi.count), lon: .init(repeating: .nan, count: azi.count),
            azi2: .init(repeating: .nan, count: azi.count))
        try azi.withUnsafeBufferPointer { a in
            try s12.withUnsafeBufferPointer { s in
                try out.lat.withUnsafeMutableBufferPointer { la in
                    try out.lon.withUnsafeMutableBufferPointer { lo in
                        try out.azi2.withUnsafeMutableBufferPointer { az in
                            try g.destinations(
                                from: origin, azimuthsDegrees: a, distancesMeters: s, latitudes: la, longitudes: lo,
                                finalAzimuths: az)
                        }
                    }
                }
            }
        }
        return out
    }

    @Test("every batch end point is within 8 nm on the ground of the scalar direct's, and its final azimuth within 1e-9 degrees, from ordinary, equatorial and polar origins, with long, backward, null and polar lines in every lane")
    func matchesScalar() throws {
        var rng = SeededRandom(seed: 2512)
        var azi = (0..<1_003).map { _ in rng.uniform(-180, 180) }
        var s12 = (0..<1_003).map { _ in rng.uniform(0, 18_000_000) }
        // Lines the kernel hands to the scalar, and ones at the edges of its range.
        let special: [(Double, Double)] = [
            (0, 19_500_000), (33, -19_500_000), (90, 18_800_000), (-45, -5_000_000),  // beyond ±3 rad, backwards
            (0, 0), (720.5, 1_000), (-180, 5_000), (180, 10_002_000), (90, 0.001),  // nowhere, wrapped azimuths
            (0, 4_730_000), (180, 15_273_000), (-90, 20_003_931),  // towards the poles, to the antipode
        ]
        for (k, p) in special.enumerated() {
            for lane in 0..<4 { azi[16 * k + 4 * lane + lane] = p.0; s12[16 * k + 4 * lane + lane] = p.1 }
        }
        var worst = 0.0, worstAzimuth = 0.0
        for origin in [(47.3769, 8.5417), (0, 0), (0, -179.9), (90, 0), (-90, 45), (-33.9, 151.2), (89.9999, 120)] {
            let o = try Coordinate(latitude: origin.0, longitude: origin.1)
            let out = try Self.destinations(.wgs84, o, azi, s12)
            for i in azi.indices {
                let d = try Geodesic.wgs84.direct(from: o, azimuthDegrees: azi[i], distanceMeters: s12[i])
                let apart = Geodesic.wgs84.distanceMeters(
                    from: d.destination, to: try Coordinate(latitude: out.lat[i], longitude: out.lon[i]))
                let dAzimuth = abs(azimuthDifference(out.azi2[i], d.finalAzimuthDegrees))
                worst = max(worst, apart)
                worstAzimuth = max(worstAzimuth, dAzimuth)
                #expect(apart <= 8e-9 && dAzimuth <= 1e-9, "\(origin) line \(i) (\(azi[i]), \(s12[i]) m): \(apart) m apart, azimuth \(out.azi2[i]) vs \(d.finalAzimuthDegrees)")
                #expect(out.lon[i] >= -180 && out.lon[i] <= 180 && out.azi2[i] >= 0 && out.azi2[i] < 360, "ranges at \(i)")
            }
        }
        print("batch destinations against the scalar: worst \(worst) m on the ground, \(worstAzimuth)° in azimuth")
    }

    @Test("batch end points equal GeographicLib's within 15 nm on its 1 000 reference geodesics, five ellipsoids, each line in every lane and in the tail, with its final azimuth")
    func matchesGeographicLib() throws {
        let rows = GeodesicAgainstGeographicLibTests.rows
        #expect(rows.count == 1_000)
        var worst = 0.0
        for (r, row) in rows.enumerated() {
            let g = try GeodesicAgainstGeographicLibTests.geodesic(row)
            let origin = try Coordinate(latitude: row.lat1, longitude: row.lon1)
            let azi = GeodesicAgainstGeographicLibTests.inLanes(r, \.azi1)
            let s12 = GeodesicAgainstGeographicLibTests.inLanes(r, \.s12)
            let out = try Self.destinations(g, origin, azi, s12)
            let end = try Coordinate(latitude: row.lat2, longitude: row.lon2)
            for k in [r % 4, 4] {
                let apart = g.distanceMeters(from: end, to: try Coordinate(latitude: out.lat[k], longitude: out.lon[k]))
                worst = max(worst, apart)
                let d2 = GeodesicAgainstGeographicLibTests.displacement(
                    azimuthDifference(out.azi2[k], row.azi2), row.m12, latitude: row.lat2, a: row.a)
                #expect(apart <= 15e-9 && d2 <= 15e-9, "\(row.set) (\(row.lat1), \(row.lon1)) azimuth \(row.azi1), \(row.s12) m at \(k): \(apart) m apart, azimuth \(out.azi2[k]) vs \(row.azi2)")
            }
        }
        print("batch destinations against GeographicLib: worst \(worst) m")
    }

    @Test("an azimuth or distance that is not finite, counts that differ or a short output are refused by name, and nothing is written")
    func refusesBadInput() throws {
        let origin = try Coordinate(latitude: 10, longitude: 20)
        func attempt(_ azi: [Double], _ s12: [Double], room: Int) -> GeoKernelError? {
            var lat = [Double](repeating: -1, count: room), lon = lat
            let error = #expect(throws: GeoKernelError.self) {
                try azi.withUnsafeBufferPointer { a in
                    try s12.withUnsafeBufferPointer { s in
                        try lat.withUnsafeMutableBufferPointer { la in
                            try lon.withUnsafeMutableBufferPointer { lo in
                                try Geodesic.wgs84.destinations(
                                    from: origin, azimuthsDegrees: a, distancesMeters: s, latitudes: la, longitudes: lo)
                            }
                        }
                    }
                }
            }
            #expect(lat.allSatisfy { $0 == -1 } && lon.allSatisfy { $0 == -1 }, "nothing written")
            return error
        }
        let values = [0.0, 45, 90, 135, 180]
        #expect(attempt([0, 45, .nan, 135, 180], values, room: 5)?.message.contains("azimuth 2") == true)
        #expect(attempt(values, [1, 2, 3, 4, .infinity], room: 5)?.message.contains("distance 4") == true)
        #expect(attempt(values, [1, 2, 3], room: 5)?.message.contains("5 azimuths but 3 distances") == true)
        #expect(attempt(values, values, room: 4) != nil)
    }
}
