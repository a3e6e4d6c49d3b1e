import GeoKernel
import Testing
import _GeoKernelTestSupport

@Suite("Road graph: how a hierarchy picks its query order")
struct HierarchyQueryOrderTests {
    /// Upward lists of a path 0 → 1 → … → n-1 (each node's one upward arc), weight 1.
    static func chain(_ n: Int) -> (first: [UInt32], arcs: [UInt64]) {
        var first: [UInt32] = [0], arcs: [UInt64] = []
        for v in 0..<n {
            if v + 1 < n { arcs.append(UInt64(v + 1) << 32 | 1) }
            first.append(UInt32(arcs.count))
        }
        return (first, arcs)
    }

    @Test("on a path the sampled upward search space is the mean number of nodes from each sample to the top, capped")
    func chainSpace() throws {
        for (n, cap) in [(10, 1_000), (1_000, 1_000), (5_000, 300)] {
            let (first, arcs) = Self.chain(n)
            let samples = min(n, 64)
            let want = (0..<samples).map { k in Double(min(n - k * n / samples, cap)) }.reduce(0, +) / Double(samples)
            let got = try #require(ContractionHierarchy.meanUpwardSpace(upFirst: Column(first), upArc: Column(arcs), cap: cap))
            #expect(got == want, "n \(n) cap \(cap)")
        }
    }

    @Test("lists that do not lead strictly upwards are reported instead of followed")
    func refusesDownwardLists() {
        // 0 → 1 → 0: a cycle, which no hierarchy has.
        #expect(ContractionHierarchy.meanUpwardSpace(upFirst: [0, 1, 2], upArc: [1 << 32 | 1, 0 << 32 | 1], cap: 100) == nil)
        // An arc to a node outside the graph.
        #expect(ContractionHierarchy.meanUpwardSpace(upFirst: [0, 1, 1], upArc: [7 << 32 | 1], cap: 100) == nil)
        // Offsets that do not span the arcs.
        #expect(ContractionHierarchy.meanUpwardSpace(upFirst: [0, 2, 1], upArc: [1 << 32 | 1], cap: 100) == nil)
    }

    @Test("a long path queries in Dijkstra order, a city-sized grid sweeps by rank")
    func choice() throws {
        // A path of 2 000 nodes: mean upward space about 1 000 (capped at 4 × the limit).
        let (first, arcs) = Self.chain(2_000)
        let mids = (0..<arcs.count).map { ContractionHierarchy.originalBit | UInt32($0) }
        let path = ContractionHierarchy(
            rank: (0..<2_000).map(UInt32.init), order: (0..<2_000).map(UInt32.init), upFirst: first, upArc: arcs,
            upMid: mids, downFirst: [UInt32](repeating: 0, count: 2_001), downArc: [], downMid: [])
        #expect(try #require(path.upwardSpace) > Double(ContractionHierarchy.sweepLimit))
        #expect(path.queryOrder == .dijkstraOrder)

        let grid = try RoadGraph(RoadNetwork.grid(rows: 20, cols: 25, seed: 8))
        for m in RoadMetric.allCases {
            let ch = try #require(grid.storage.hierarchy(m))
            #expect(try #require(ch.upwardSpace) <= Double(ContractionHierarchy.sweepLimit))
            #expect(ch.queryOrder == .rankSweep)
        }
    }
}
