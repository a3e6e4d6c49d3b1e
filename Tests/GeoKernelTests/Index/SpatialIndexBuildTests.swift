import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Spatial index: bulk build and metric")
struct SpatialIndexBuildTests {
    @Test("an empty index answers every query with nothing")
    func empty() throws {
        let index = SpatialIndex()
        let q = try Coordinate(latitude: 10, longitude: 20)
        #expect(index.count == 0 && index.isEmpty)
        #expect(try index.nearest(to: q, k: 5).isEmpty)
        #expect(try index.within(radiusMeters: .infinity, of: q).isEmpty)
        #expect(try SpatialIndex([Coordinate]()).count == 0)
        try index.checkInvariants()
    }

    @Test("a bulk build keeps every invariant on uniform and clustered data of many sizes")
    func invariantsAfterBuild() throws {
        for n in [1, 2, 15, 16, 17, 255, 256, 257, 4_097, 20_000] {
            let index = try SpatialIndex(IndexTestData.uniform(n, seed: UInt64(n)))
            #expect(index.count == n)
            try index.checkInvariants()
        }
        let clustered = try SpatialIndex(IndexTestData.clustered(30_000, seed: 7).points)
        try clustered.checkInvariants()
    }

    @Test("points get ids in input order and every id is found at distance 0")
    func idsFollowInputOrder() throws {
        let points = IndexTestData.uniform(3_000, seed: 11)
        let index = try SpatialIndex(points)
        #expect(index.nextID == 3_000)
        for i in stride(from: 0, to: points.count, by: 97) {
            let hit = try index.nearest(to: points[i], k: 1)
            #expect(hit.first?.id == UInt32(i))
            #expect(hit.first?.distanceMeters == 0)
            #expect(index.contains(id: UInt32(i)))
        }
        #expect(!index.contains(id: 3_000))
    }

    @Test("the three ways to build give the same index")
    func buildVariants() throws {
        let points = IndexTestData.uniform(1_000, seed: 5)
        let lats = points.map(\.latitude), lons = points.map(\.longitude)
        let a = try SpatialIndex(points)
        let b = try SpatialIndex(latitudes: lats, longitudes: lons)
        let interleaved = zip(lats, lons).flatMap { [$0, $1] }
        let c = try interleaved.withUnsafeBufferPointer { p in
            try SpatialIndex(CoordinateColumns(interleaved: p.baseAddress!, count: points.count))
        }
        let q = try Coordinate(latitude: 12, longitude: -40)
        let want = try a.nearest(to: q, k: 25)
        #expect(try b.nearest(to: q, k: 25) == want)
        #expect(try c.nearest(to: q, k: 25) == want)
    }

    @Test("invalid coordinates are rejected, naming the point and the value")
    func rejectsInvalidInput() {
        var lats = [Double](repeating: 10, count: 10), lons = [Double](repeating: 20, count: 10)
        lats[3] = 91
        let e1 = #expect(throws: GeoKernelError.self) { try SpatialIndex(latitudes: lats, longitudes: lons) }
        #expect(e1?.code == .invalidArgument && e1?.message.contains("point 3") == true && e1?.message.contains("91") == true)
        lats[3] = 10
        lons[6] = .nan
        let e2 = #expect(throws: GeoKernelError.self) { try SpatialIndex(latitudes: lats, longitudes: lons) }
        #expect(e2?.message.contains("point 6") == true)
        let e3 = #expect(throws: GeoKernelError.self) { try SpatialIndex(latitudes: lats, longitudes: [1, 2]) }
        #expect(e3?.code == .invalidArgument)
    }

    @Test("query arguments are checked: negative k, negative or NaN radius and distance")
    func rejectsBadQueries() throws {
        let index = try SpatialIndex(IndexTestData.uniform(100, seed: 1))
        let q = try Coordinate(latitude: 0, longitude: 0)
        #expect(throws: GeoKernelError.self) { try index.nearest(to: q, k: -1) }
        #expect(throws: GeoKernelError.self) { try index.nearest(to: q, k: 3, maxDistanceMeters: -1) }
        #expect(throws: GeoKernelError.self) { try index.nearest(to: q, k: 3, maxDistanceMeters: .nan) }
        #expect(throws: GeoKernelError.self) { try index.within(radiusMeters: -0.5, of: q) }
        #expect(throws: GeoKernelError.self) { try index.within(radiusMeters: .nan, of: q) }
        #expect(try index.nearest(to: q, k: 0).isEmpty)
    }

    @Test("the index's distance agrees with the haversine to a micrometre below 19 000 km")
    func metricAgreesWithHaversine() throws {
        var rng = SeededRandom(seed: 99)
        var worst = 0.0
        var pairs: [(Coordinate, Coordinate)] = []
        for _ in 0..<20_000 {
            let a = IndexTestData.uniformPoint(&rng)
            // Near pairs at every scale from a millimetre to the whole globe.
            let d = pow(10, rng.uniform(-3, 7.3))
            pairs.append((a, try a.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: d)))
        }
        for special in IndexTestData.specialCentres {
            for d in [0.001, 1, 50, 10_000, 1_000_000] {
                pairs.append((special, try special.destination(bearingDegrees: 45, distanceMeters: d)))
            }
        }
        pairs.append((try Coordinate(latitude: 0, longitude: 179.9999), try Coordinate(latitude: 0, longitude: -179.9999)))
        for (a, b) in pairs {
            let h = haversineDistance(a, b)
            guard h < 19_000_000 else { continue }
            let d = SpatialIndex.distanceMeters(a, b)
            let err = abs(d - h)
            #expect(err <= 1e-6 + 1e-12 * h, "\(a) to \(b): index \(d) m, haversine \(h) m")
            worst = max(worst, err)
        }
        #expect(SpatialIndex.distanceMeters(pairs[0].0, pairs[0].0) == 0)
    }
}
