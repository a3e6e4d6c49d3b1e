import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Spatial index: k nearest and within radius against the brute force")
struct SpatialIndexQueryTests {
    static let uniform = IndexTestData.uniform(20_000, seed: 2026)
    static let clustered = IndexTestData.clustered(20_000, seed: 31)

    @Test("k nearest equals the linear scan on uniform data", arguments: [1, 10, 64])
    func nearestUniform(k: Int) throws {
        let points = Self.uniform
        let index = try SpatialIndex(points)
        let queries = IndexTestData.uniform(40, seed: UInt64(k))
        let want = try LinearScan(points).nearest(to: queries, k: k)
        for (i, q) in queries.enumerated() {
            _ = IndexTestData.expectSame(try index.nearest(to: q, k: k), want[i], "query \(i) \(q), k \(k)")
        }
    }

    @Test("k nearest equals the linear scan on clustered data, at the antimeridian and both poles", arguments: [1, 10, 100])
    func nearestClustered(k: Int) throws {
        let (points, queries) = Self.clustered
        let index = try SpatialIndex(points)
        let want = try LinearScan(points).nearest(to: queries, k: k)
        for (i, q) in queries.enumerated() {
            _ = IndexTestData.expectSame(try index.nearest(to: q, k: k), want[i], "query \(i) \(q), k \(k)")
        }
    }

    @Test("within radius, sorted, equals the linear scan", arguments: [0.0, 1_000, 25_000, 300_000, 3_000_000])
    func withinSorted(radius: Double) throws {
        for (name, points, queries) in [
            ("uniform", Self.uniform, IndexTestData.uniform(12, seed: 8)),
            ("clustered", Self.clustered.points, Array(Self.clustered.queries.prefix(20))),
        ] {
            let index = try SpatialIndex(points)
            let want = try LinearScan(points).within(radiusMeters: radius, of: queries)
            for (i, q) in queries.enumerated() {
                _ = IndexTestData.expectSame(
                    try index.within(radiusMeters: radius, of: q), want[i], "\(name) query \(i) \(q), radius \(radius) m")
            }
        }
    }

    @Test("the unsorted option returns the same hits")
    func withinUnsorted() throws {
        let (points, queries) = Self.clustered
        let index = try SpatialIndex(points)
        for q in queries {
            let sorted = try index.within(radiusMeters: 40_000, of: q)
            let unsorted = try index.within(radiusMeters: 40_000, of: q, sorted: false)
            #expect(Set(sorted) == Set(unsorted) && sorted.count == unsorted.count)
        }
    }

    @Test("an independent naive brute force agrees, distances included")
    func naiveBruteForce() throws {
        let points = Array(Self.clustered.points.prefix(2_500))
        let index = try SpatialIndex(points)
        let numbered = points.enumerated().map { (UInt32($0.offset), $0.element) }
        for (i, q) in Self.clustered.queries.prefix(10).enumerated() {
            _ = IndexTestData.expectSame(try index.nearest(to: q, k: 15), IndexTestData.naiveNearest(numbered, q, k: 15), "knn \(i)")
            _ = IndexTestData.expectSame(
                try index.within(radiusMeters: 20_000, of: q), IndexTestData.naiveWithin(numbered, q, radius: 20_000), "radius \(i)")
        }
    }

    @Test("equal distances come out in id order")
    func deterministicTies() throws {
        let spot = try Coordinate(latitude: 47.37, longitude: 8.54)
        var points = IndexTestData.uniform(2_000, seed: 3)
        let duplicates = [17, 400, 5, 1_999, 1_000, 63]
        for i in duplicates { points[i] = spot }
        let index = try SpatialIndex(points)
        let hits = try index.nearest(to: spot, k: 4)
        #expect(hits.map(\.id) == [5, 17, 63, 400])
        #expect(hits.allSatisfy { $0.distanceMeters == 0 })
        #expect(try index.within(radiusMeters: 0, of: spot).map(\.id) == duplicates.sorted().map(UInt32.init))
        // Two points symmetric about the query: same distance, lower id first.
        let q = try Coordinate(latitude: 0, longitude: 180)
        let pair = try SpatialIndex([
            try Coordinate(latitude: 0, longitude: -179.5), try Coordinate(latitude: 0, longitude: 179.5),
        ])
        #expect(try pair.nearest(to: q, k: 2).map(\.id) == [0, 1])
    }

    @Test("across the antimeridian, neighbours on the other side are found")
    func antimeridian() throws {
        let east = (0..<50).map { try! Coordinate(latitude: Double($0) * 0.01, longitude: 179.999) }
        let west = (0..<50).map { try! Coordinate(latitude: Double($0) * 0.01, longitude: -179.999) }
        let far = IndexTestData.uniform(5_000, seed: 4)
        let points = east + west + far
        let index = try SpatialIndex(points)
        let q = try Coordinate(latitude: 0.25, longitude: -179.9995)
        let hits = try index.within(radiusMeters: 500, of: q)
        #expect(hits.contains { $0.id < 50 } && hits.contains { $0.id >= 50 && $0.id < 100 })
        _ = IndexTestData.expectSame(hits, try LinearScan(points).within(radiusMeters: 500, of: q), "antimeridian radius")
        _ = IndexTestData.expectSame(try index.nearest(to: q, k: 8), try LinearScan(points).nearest(to: q, k: 8), "antimeridian knn")
    }

    @Test("at the poles every longitude is a neighbour")
    func poles() throws {
        var points: [Coordinate] = []
        for lon in stride(from: -180.0, to: 180, by: 15) {
            points.append(try Coordinate(latitude: 89.999, longitude: lon))
            points.append(try Coordinate(latitude: -89.99, longitude: lon))
        }
        points += IndexTestData.uniform(3_000, seed: 9)
        let index = try SpatialIndex(points)
        let north = try Coordinate(latitude: 90, longitude: 77)
        let ring = try index.within(radiusMeters: 112, of: north)
        #expect(ring.count == 24, "all 24 points 111 m from the north pole")
        let south = try Coordinate(latitude: -90, longitude: -3)
        let nearest = try index.nearest(to: south, k: 24)
        #expect(Set(nearest.map { Int($0.id) % 2 }) == [1] && nearest.count == 24)
        for q in [north, south] {
            _ = IndexTestData.expectSame(try index.nearest(to: q, k: 30), try LinearScan(points).nearest(to: q, k: 30), "pole")
        }
    }

    @Test("k beyond the count returns every point; the distance limit cuts the list")
    func limits() throws {
        let points = IndexTestData.uniform(300, seed: 12)
        let index = try SpatialIndex(points)
        let q = try Coordinate(latitude: -33.9, longitude: 18.4)
        #expect(try index.nearest(to: q, k: 1_000).count == 300)
        let limited = try index.nearest(to: q, k: 300, maxDistanceMeters: 2_000_000)
        #expect(limited == (try index.within(radiusMeters: 2_000_000, of: q)))
        #expect(try index.within(radiusMeters: .infinity, of: q).count == 300)
        #expect(try index.within(radiusMeters: 30_000_000, of: q).count == 300)
    }

    @Test("a predicate selects among the candidates like a filtered brute force")
    func predicate() throws {
        let (points, queries) = Self.clustered
        let index = try SpatialIndex(points)
        let even = points.enumerated().filter { $0.offset % 2 == 0 }
        let scan = LinearScan(ids: even.map { UInt32($0.offset) }, coordinates: even.map(\.element))
        for (i, q) in queries.prefix(30).enumerated() {
            _ = IndexTestData.expectSame(
                try index.nearest(to: q, k: 12, where: { $0 % 2 == 0 }), try scan.nearest(to: q, k: 12), "even ids, query \(i)")
            _ = IndexTestData.expectSame(
                try index.within(radiusMeters: 30_000, of: q, where: { $0 % 2 == 0 }),
                try scan.within(radiusMeters: 30_000, of: q), "even ids in radius, query \(i)")
        }
    }
}
