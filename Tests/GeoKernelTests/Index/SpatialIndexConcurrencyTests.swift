import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Spatial index: concurrent queries on a shared value")
struct SpatialIndexConcurrencyTests {
    /// 8 000 clustered points, 300 of them inserted again and every `step`-th id removed,
    /// so that packed runs, the insert buffer and removals all take part; with its queries.
    static func dynamicIndex(seed: UInt64, removingEvery step: UInt32) throws -> (SpatialIndex, [Coordinate]) {
        let (points, queries) = IndexTestData.clustered(8_000, cities: 12, seed: seed)
        var index = try SpatialIndex(points)
        for p in points.prefix(300) { try index.insert(p) }
        for id in stride(from: UInt32(0), to: 8_000, by: Int(step)) { try index.remove(id: id) }
        return (index, queries)
    }

    @Test("a built index answers queries from many tasks at once, each as if alone")
    func concurrentQueries() async throws {
        let (shared, queries) = try Self.dynamicIndex(seed: 17, removingEvery: 11)
        let expected = try queries.map { try shared.nearest(to: $0, k: 8) }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<5 {
                        for (i, q) in queries.enumerated() where (i + task + round) % 3 == 0 {
                            if (try? shared.nearest(to: q, k: 8)) != expected[i] { wrong += 1 }
                        }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test("batches from many tasks at once over one index each equal a batch alone")
    func concurrentBatches() async throws {
        let (shared, queries) = try Self.dynamicIndex(seed: 23, removingEvery: 13)
        let expected = try shared.nearest(to: queries, k: 6)
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<4 {
                        let picked = queries.indices.filter { ($0 + task + round) % 2 == 0 }
                        guard let rows = try? shared.nearest(to: picked.map { queries[$0] }, k: 6) else { return -1 }
                        for (row, i) in zip(rows, picked) where row != expected[i] { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
