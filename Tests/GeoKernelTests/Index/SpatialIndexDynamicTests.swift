import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Spatial index: inserts and removes after the build")
struct SpatialIndexDynamicTests {
    /// The live points of a model kept beside the index.
    struct Model {
        var points: [UInt32: Coordinate] = [:]
        var scan: LinearScan {
            let ids = points.keys.sorted()
            return LinearScan(ids: ids, coordinates: ids.map { points[$0]! })
        }
    }

    func expectEquivalent(
        _ index: SpatialIndex, _ model: Model, _ queries: [Coordinate], _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try index.checkInvariants()
        #expect(index.count == model.points.count, sourceLocation: sourceLocation)
        let scan = model.scan
        let knn = try scan.nearest(to: queries, k: 10)
        let radius = try scan.within(radiusMeters: 50_000, of: queries)
        for (i, q) in queries.enumerated() {
            guard IndexTestData.expectSame(try index.nearest(to: q, k: 10), knn[i], "\(what), knn query \(i)",
                                           sourceLocation: sourceLocation),
                  IndexTestData.expectSame(try index.within(radiusMeters: 50_000, of: q), radius[i],
                                           "\(what), radius query \(i)", sourceLocation: sourceLocation)
            else { return }
        }
    }

    @Test("a seeded mix of builds, inserts and removes matches the brute force after every phase")
    func mixedOperations() throws {
        var data = IndexTestData.Clustered(cities: 30, seed: 77)
        let base = data.points(8_000)
        var index = try SpatialIndex(base)
        var model = Model()
        for (i, p) in base.enumerated() { model.points[UInt32(i)] = p }
        let queries = data.queries(40)
        var rng = SeededRandom(seed: 5)
        try expectEquivalent(index, model, queries, "after the build")
        for phase in 0..<6 {
            // Inserts: a few hundred, so the buffer flushes and runs merge.
            for _ in 0..<(200 + phase * 350) {
                let p = data.point(city: Int(rng.next() % 30))
                let id = try index.insert(p)
                #expect(model.points[id] == nil)
                model.points[id] = p
            }
            try expectEquivalent(index, model, queries, "phase \(phase) after inserts")
            // Removes: random live ids, from the base, the runs and the buffer alike.
            let live = Array(model.points.keys)
            for _ in 0..<(150 + phase * 300) {
                let id = live[Int(rng.next() % UInt64(live.count))]
                guard model.points[id] != nil else { continue }
                try index.remove(id: id)
                model.points[id] = nil
            }
            try expectEquivalent(index, model, queries, "phase \(phase) after removes")
        }
        index.compact()
        try expectEquivalent(index, model, queries, "after compaction")
    }

    @Test("an index built by inserts alone answers like a bulk build")
    func insertsAlone() throws {
        let points = IndexTestData.uniform(5_000, seed: 21)
        var inserted = SpatialIndex()
        for (i, p) in points.enumerated() { #expect(try inserted.insert(p) == UInt32(i)) }
        try inserted.checkInvariants()
        let bulk = try SpatialIndex(points)
        for q in IndexTestData.uniform(50, seed: 22) {
            #expect(try inserted.nearest(to: q, k: 7) == (try bulk.nearest(to: q, k: 7)))
            #expect(try inserted.within(radiusMeters: 800_000, of: q) == (try bulk.within(radiusMeters: 800_000, of: q)))
        }
    }

    @Test("removing down to nothing, with compactions on the way, keeps every invariant")
    func removeEverything() throws {
        let points = IndexTestData.uniform(3_000, seed: 23)
        var index = try SpatialIndex(points)
        for id in stride(from: 2_999, through: 0, by: -1) {
            try index.remove(id: UInt32(id))
            if id % 500 == 0 { try index.checkInvariants() }
        }
        #expect(index.isEmpty)
        #expect(try index.nearest(to: points[0], k: 3).isEmpty)
        try index.checkInvariants()
    }

    @Test("removing an unknown or removed id is a not-found error; ids are never reused")
    func removeErrors() throws {
        var index = try SpatialIndex(IndexTestData.uniform(10, seed: 1))
        let unknown = #expect(throws: GeoKernelError.self) { try index.remove(id: 10) }
        #expect(unknown?.code == .notFound && unknown?.message.contains("10") == true)
        try index.remove(id: 4)
        let again = #expect(throws: GeoKernelError.self) { try index.remove(id: 4) }
        #expect(again?.code == .notFound && again?.message.contains("removed") == true)
        #expect(try index.insert(try Coordinate(latitude: 1, longitude: 1)) == 10)
        #expect(!index.contains(id: 4) && index.contains(id: 10) && index.count == 10)
    }

    @Test("copies are independent values")
    func valueSemantics() throws {
        let points = IndexTestData.uniform(500, seed: 2)
        let original = try SpatialIndex(points)
        var copy = original
        try copy.remove(id: 0)
        _ = try copy.insert(points[0])
        #expect(original.contains(id: 0) && !copy.contains(id: 0) && copy.contains(id: 500))
        #expect(try original.nearest(to: points[0], k: 1).first?.id == 0)
        #expect(try copy.nearest(to: points[0], k: 1).first?.id == 500)
        try original.checkInvariants()
        try copy.checkInvariants()
    }
}
