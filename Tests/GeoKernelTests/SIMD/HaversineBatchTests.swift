import GeoKernel
import Testing
import _GeoKernelTestSupport

/// Tolerance of the SIMD distances against the scalar libm haversine: 4e-15 relative,
/// plus an absolute floor of 1e-9 m for near-zero distances, below 19 000 km. Beyond,
/// near the antipode, the formula is ill-conditioned (a 1-ulp change of h moves the
/// distance by up to about 1e-8 relative) and the tests allow 1e-7.
private func expectAgrees(
    _ simd: Double, _ scalar: Double, _ what: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Double {
    let diff = abs(simd - scalar)
    let relative = scalar > 0 ? diff / scalar : diff
    let ok: Bool
    if scalar < 19_000_000 {
        ok = diff <= 4e-15 * scalar + 1e-9
    } else {
        ok = diff <= 1e-7 * scalar
    }
    #expect(ok, "\(what()): SIMD \(simd) vs scalar \(scalar), relative \(relative)", sourceLocation: sourceLocation)
    return scalar < 19_000_000 && scalar > 1 ? relative : 0
}

@Suite("SIMD haversine distances")
struct HaversineBatchTests {
    @Test(
        "agree with the scalar haversine to 4e-15 on 100 000 seeded points per centre",
        arguments: SIMDTestData.centers.indices)
    func agreeWithScalar(centerIndex: Int) throws {
        let center = SIMDTestData.centers[centerIndex]
        let pts = SIMDTestData.points(count: 100_000, around: center, seed: 100 + UInt64(centerIndex))
        let d = try haversineDistances(from: center, latitudes: pts.lat, longitudes: pts.lon)
        #expect(d.count == pts.lat.count)
        var worst = 0.0
        for i in d.indices {
            let s = SIMDTestData.scalarDistance(center, pts.lat[i], pts.lon[i])
            worst = max(worst, expectAgrees(d[i], s, "centre \(center), point \(i) (\(pts.lat[i]), \(pts.lon[i]))"))
        }
        #expect(worst <= 4e-15)
    }

    @Test("give identical results for separate, interleaved and strided inputs")
    func layouts() throws {
        let center = SIMDTestData.centers[0]
        let n = 1_003
        let pts = SIMDTestData.points(count: n, around: center, seed: 7)
        let columns = try haversineDistances(from: center, latitudes: pts.lat, longitudes: pts.lon)

        var pairs: [Double] = []
        for i in 0..<n { pairs += [pts.lat[i], pts.lon[i]] }
        let interleaved = try haversineDistances(from: center, interleaved: pairs)
        #expect(interleaved == columns)

        // An array of {lat, lon, altitude} records: stride 24 bytes.
        var records: [Double] = []
        for i in 0..<n { records += [pts.lat[i], pts.lon[i], 1234.5] }
        var strided = [Double](repeating: -1, count: n)
        try records.withUnsafeBufferPointer { r in
            try strided.withUnsafeMutableBufferPointer { out in
                let view = CoordinateColumns(
                    latitudes: r.baseAddress!, longitudes: r.baseAddress! + 1, count: n, strideBytes: 24)
                try haversineDistances(from: center, to: view, into: out)
            }
        }
        #expect(strided == columns)

        // The pointer API on interleaved memory.
        var viaPointer = [Double](repeating: -1, count: n)
        try pairs.withUnsafeBufferPointer { p in
            try viaPointer.withUnsafeMutableBufferPointer { out in
                try haversineDistances(from: center, to: CoordinateColumns(interleaved: p.baseAddress!, count: n), into: out)
            }
        }
        #expect(viaPointer == columns)
    }

    @Test("handle counts of 0 and 1 and counts that are not a multiple of four")
    func smallCounts() throws {
        let center = SIMDTestData.centers[4]
        let pts = SIMDTestData.points(count: 300, around: center, seed: 11)
        for n in [0, 1, 2, 3, 4, 5, 6, 7, 9, 63, 64, 65, 67, 255, 257, 299] {
            let lat = Array(pts.lat.prefix(n)), lon = Array(pts.lon.prefix(n))
            let d = try haversineDistances(from: center, latitudes: lat, longitudes: lon)
            #expect(d.count == n)
            for i in 0..<n {
                _ = expectAgrees(d[i], SIMDTestData.scalarDistance(center, lat[i], lon[i]), "n \(n), point \(i)")
            }
        }
        #expect(try haversineDistances(from: center, interleaved: []).isEmpty)
    }

    @Test("write only the first count entries of a longer output buffer")
    func longerBuffer() throws {
        let center = SIMDTestData.centers[0]
        let lat: [Double] = [1, 2, 3, 4, 5], lon: [Double] = [10, 20, 30, 40, 50]
        var out = [Double](repeating: -7, count: 9)
        try lat.withUnsafeBufferPointer { la in
            try lon.withUnsafeBufferPointer { lo in
                try out.withUnsafeMutableBufferPointer { o in
                    try haversineDistances(
                        from: center, to: CoordinateColumns(latitudes: la.baseAddress!, longitudes: lo.baseAddress!, count: 5),
                        into: o)
                }
            }
        }
        #expect(out[5...].allSatisfy { $0 == -7 })
        #expect(out[..<5].allSatisfy { $0 > 0 })
    }

    @Test("use the given sphere radius")
    func customRadius() throws {
        let center = SIMDTestData.centers[0]
        let pts = SIMDTestData.points(count: 1_000, around: center, seed: 5)
        let d = try haversineDistances(from: center, latitudes: pts.lat, longitudes: pts.lon, radiusMeters: 1)
        for i in d.indices {
            let s = SIMDTestData.scalarDistance(center, pts.lat[i], pts.lon[i], radius: 1)
            _ = expectAgrees(d[i] * 1e7, s * 1e7, "unit sphere, point \(i)")
        }
        let zero = try haversineDistances(from: center, latitudes: pts.lat, longitudes: pts.lon, radiusMeters: 0)
        #expect(zero.allSatisfy { $0 == 0 })
    }

    @Test("are exactly zero for coincident points, also at the poles")
    func coincident() throws {
        for c in SIMDTestData.centers {
            let d = try haversineDistances(
                from: c, latitudes: [c.latitude, c.latitude], longitudes: [c.longitude, c.longitude])
            #expect(d == [0, 0])
        }
    }

    @Test("accept longitudes in [-180, 180] that are not normalised")
    func unnormalisedLongitudes() throws {
        let center = try Coordinate(latitude: 10, longitude: 179.5)
        let d = try haversineDistances(from: center, latitudes: [10, 10], longitudes: [180, -180])
        _ = expectAgrees(d[0], SIMDTestData.scalarDistance(center, 10, 180), "lon 180")
        _ = expectAgrees(d[1], SIMDTestData.scalarDistance(center, 10, -180), "lon -180")
        expectClose(d[0], d[1], tolerance: 1e-6, "the same point written two ways")
    }
}
