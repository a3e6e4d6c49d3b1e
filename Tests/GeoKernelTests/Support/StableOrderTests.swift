import GeoKernel
import Testing

@Suite("stableOrder: one sort for the library's cold paths")
struct StableOrderTests {
    /// A stable insertion sort of the indices: each goes after every index not after it.
    static func insertionOrder(_ count: Int, _ before: (Int, Int) -> Bool) -> [Int] {
        var out: [Int] = []
        for i in 0..<count { out.insert(i, at: out.firstIndex { before(i, $0) } ?? out.count) }
        return out
    }

    @Test("the order equals a brute-force stable insertion sort on seeded keys with many ties, both ways, from 0 to 1 000 indices")
    func equalsInsertionSort() {
        var random = SplitMix64(seed: 11)
        for count in [0, 1, 2, 3, 17, 200, 1_000] {
            let keys = (0..<count).map { _ in Int.random(in: 0..<max(1, count / 4), using: &random) }
            let up: (Int, Int) -> Bool = { keys[$0] < keys[$1] }, down: (Int, Int) -> Bool = { keys[$0] > keys[$1] }
            #expect(stableOrder(count, by: up) == Self.insertionOrder(count, up), "\(count) keys, increasing")
            #expect(stableOrder(count, by: down) == Self.insertionOrder(count, down), "\(count) keys, decreasing")
        }
    }
}
