import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Spatial index: k nearest for a batch of queries against the brute force")
struct SpatialIndexBatchTests {
    static let uniform = IndexTestData.uniform(20_000, seed: 4242)
    static let clustered = IndexTestData.clustered(20_000, seed: 57)

    func expectSameRows(
        _ got: [[SpatialIndex.Neighbor]], _ want: [[SpatialIndex.Neighbor]], _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(got.count == want.count, "\(what): \(got.count) rows for \(want.count) queries", sourceLocation: sourceLocation)
        for (i, (g, w)) in zip(got, want).enumerated() {
            guard IndexTestData.expectSame(g, w, "\(what), query \(i)", sourceLocation: sourceLocation) else { return }
        }
    }

    @Test("a batch equals the linear scan and the one-query search on uniform data", arguments: [1, 10, 64])
    func uniformBatch(k: Int) throws {
        let index = try SpatialIndex(Self.uniform)
        let queries = IndexTestData.uniform(300, seed: UInt64(100 + k))
        let got = try index.nearest(to: queries, k: k)
        expectSameRows(got, try LinearScan(Self.uniform).nearest(to: queries, k: k), "uniform, k \(k)")
        expectSameRows(got, try queries.map { try index.nearest(to: $0, k: k) }, "one query at a time, k \(k)")
    }

    @Test("a batch equals the linear scan on clustered data, at the antimeridian and both poles", arguments: [3, 10, 100])
    func clusteredBatch(k: Int) throws {
        let (points, queries) = Self.clustered
        let index = try SpatialIndex(points)
        expectSameRows(try index.nearest(to: queries, k: k), try LinearScan(points).nearest(to: queries, k: k), "clustered, k \(k)")
    }

    @Test("a batch over runs, the insert buffer and removed points equals the brute force")
    func dynamicIndex() throws {
        var data = IndexTestData.Clustered(cities: 25, seed: 808)
        var points = data.points(6_000)
        var index = try SpatialIndex(points)
        for _ in 0..<1_500 {
            let p = data.point(city: points.count % 25)
            #expect(try index.insert(p) == UInt32(points.count))
            points.append(p)
        }
        var rng = SeededRandom(seed: 19)
        var removed = Set<Int>()
        while removed.count < 900 {
            let id = Int(rng.next() % UInt64(points.count))
            if removed.insert(id).inserted { try index.remove(id: UInt32(id)) }
        }
        let live = points.indices.filter { !removed.contains($0) }
        let scan = LinearScan(ids: live.map { UInt32($0) }, coordinates: live.map { points[$0] })
        let queries = data.queries(120)
        for k in [1, 10, 40] {
            expectSameRows(try index.nearest(to: queries, k: k), try scan.nearest(to: queries, k: k), "dynamic index, k \(k)")
        }
    }

    @Test("rows come back in the caller's order, whatever order the queries are answered in")
    func callerOrder() throws {
        let index = try SpatialIndex(Self.uniform)
        var queries = IndexTestData.uniform(500, seed: 77)
        queries += queries.prefix(50)  // repeated queries get the same rows
        let rows = try index.nearest(to: queries, k: 5)
        let reversed = try index.nearest(to: Array(queries.reversed()), k: 5)
        #expect(rows == Array(reversed.reversed()))
        #expect(Array(rows.suffix(50)) == Array(rows.prefix(50)))
    }

    @Test("the distance limit, k beyond the count, k 0 and empty inputs behave as for one query")
    func limits() throws {
        let points = IndexTestData.uniform(300, seed: 12)
        let index = try SpatialIndex(points)
        let queries = IndexTestData.uniform(40, seed: 13)
        for (k, limit) in [(1_000, Double.infinity), (300, 2_000_000), (7, 0), (0, .infinity)] {
            let want = try queries.map { try index.nearest(to: $0, k: k, maxDistanceMeters: limit) }
            expectSameRows(try index.nearest(to: queries, k: k, maxDistanceMeters: limit), want, "k \(k), limit \(limit) m")
        }
        #expect(try index.nearest(to: queries, k: 1_000).allSatisfy { $0.count == 300 })
        #expect(try index.nearest(to: [], k: 3).isEmpty)
        #expect(try SpatialIndex().nearest(to: queries, k: 3) == Array(repeating: [], count: queries.count))
    }

    @Test("a negative k and a negative or NaN limit are invalid arguments")
    func invalidArguments() throws {
        let index = try SpatialIndex(IndexTestData.uniform(100, seed: 1))
        let queries = IndexTestData.uniform(3, seed: 2)
        for (k, limit) in [(-1, Double.infinity), (3, -1), (3, .nan)] {
            #expect(throws: GeoKernelError.self) { try index.nearest(to: queries, k: k, maxDistanceMeters: limit) }
        }
    }

    @Test("when a query point cannot be read, the queries before it are answered, then its error is thrown")
    func failingPoint() throws {
        let index = try SpatialIndex(Self.uniform)
        let queries = IndexTestData.uniform(200, seed: 31)
        var answered: [Int: [UInt32]] = [:]
        let failure = GeoKernelError.invalid("query point 150 is bad")
        #expect(throws: failure) {
            try index.nearestRows(count: queries.count, k: 4, maxDistanceMeters: .infinity, point: { i throws(GeoKernelError) in
                if i == 150 { throw failure }
                return queries[i]
            }) { i, ids, _ in answered[i] = Array(ids) }
        }
        #expect(answered.keys.sorted() == Array(0..<150))
        for (i, ids) in answered {
            #expect(ids == (try index.nearest(to: queries[i], k: 4)).map(\.id), "query \(i)")
        }
    }
}
