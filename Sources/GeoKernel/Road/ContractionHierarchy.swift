/// A contraction hierarchy (R. Geisberger, P. Sanders, D. Schultes, D. Delling,
/// "Contraction Hierarchies: Faster and Simpler Hierarchical Routing in Road Networks",
/// WEA 2008) of one metric over the through arcs of a graph.
///
/// Nodes are numbered by rank (contraction order). Every arc of the contracted graph,
/// original or shortcut, is stored once, at its lower-ranked end: `up` holds arcs
/// v → x and `down` arcs x → v, with x ranked above v. Entries pack the other end's rank
/// (high 32 bits) and the weight (low 32 bits). `mid` is `originalBit | arc` for an
/// original arc, else the rank of the shortcut's middle node, whose `down` and `up`
/// lists hold the two arcs it replaces.
///
/// `upHalf`/`downHalf` are derived, not saved: for a shortcut entry, the index of the
/// `down` entry of its middle node (first half) in the high 32 bits and of the `up` entry
/// (second half) in the low 32 bits, so that unpacking a path follows indices instead of
/// searching lists. They are filled only for a hierarchy whose shortcuts all have their
/// halves; `problems` refuses one where they are missing.
///
/// A final class: queries pass one reference, not ten arrays.
/// Thread safety: immutable; `Sendable`.
package final class ContractionHierarchy: Sendable {
    package static let originalBit: UInt32 = 0x8000_0000
    /// Rank of each node, node of each rank.
    package let rank: Column<UInt32>, order: Column<UInt32>
    package let upFirst: Column<UInt32>, upArc: Column<UInt64>, upMid: Column<UInt32>
    package let downFirst: Column<UInt32>, downArc: Column<UInt64>, downMid: Column<UInt32>
    package let upHalf: [UInt64], downHalf: [UInt64]
    /// The mean upward search space, sampled (`meanUpwardSpace`); nil for lists that do
    /// not lead upwards (such a hierarchy fails validation).
    package let upwardSpace: Double?
    /// How queries explore the upward searches: `.rankSweep` when `upwardSpace` is at
    /// most `sweepLimit`, else `.dijkstraOrder`.
    package let queryOrder: QueryOrder
    /// Derived, built by the first one-to-all sweep that needs it (`downwardLists`).
    let downwardCache = LazyValue<DownwardLists>()

    /// The order in which a one-to-one query explores the two upward searches. Both give
    /// the same costs.
    package enum QueryOrder: Sendable {
        /// In increasing rank, every node of both upward search spaces, no queue
        /// (`search` explains why the labels are final). Cheaper per node; chosen when
        /// the sampled upward search spaces are small (`sweepLimit`).
        case rankSweep
        /// Two Dijkstra searches with stall-on-demand, each stopping at the best meeting.
        /// Visits fewer nodes where upward search spaces are large.
        case dijkstraOrder
    }

    /// The mean upward search space (nodes) up to which queries sweep by rank. Measured
    /// (geobench, 1 000 random cost queries per case, 2026-11-24), sweep against Dijkstra
    /// order on generated street grids: mean space 71: 1.56× faster, 124: 1.39×, 172:
    /// 1.13×, 279: 0.90×, 314: 1.04×, 389: 0.80×, 575: 0.90×, 885: 0.76×; Andorra's
    /// car graph (14): 2.9× faster.
    package static let sweepLimit = 256

    /// A hierarchy over arrays (copied once into columns).
    package convenience init(
        rank: [UInt32], order: [UInt32], upFirst: [UInt32], upArc: [UInt64], upMid: [UInt32],
        downFirst: [UInt32], downArc: [UInt64], downMid: [UInt32]
    ) {
        self.init(
            rank: Column(rank), order: Column(order), upFirst: Column(upFirst), upArc: Column(upArc),
            upMid: Column(upMid), downFirst: Column(downFirst), downArc: Column(downArc), downMid: Column(downMid))
    }

    /// A hierarchy over columns (a mapped file's, read in place).
    package init(
        rank: Column<UInt32>, order: Column<UInt32>, upFirst: Column<UInt32>, upArc: Column<UInt64>, upMid: Column<UInt32>,
        downFirst: Column<UInt32>, downArc: Column<UInt64>, downMid: Column<UInt32>
    ) {
        self.rank = rank; self.order = order; self.upFirst = upFirst; self.upArc = upArc; self.upMid = upMid
        self.downFirst = downFirst; self.downArc = downArc; self.downMid = downMid
        let halves = Self.halves(
            upFirst: upFirst, upArc: upArc, upMid: upMid, downFirst: downFirst, downArc: downArc, downMid: downMid)
        upHalf = halves?.up ?? []
        downHalf = halves?.down ?? []
        upwardSpace = Self.meanUpwardSpace(upFirst: upFirst, upArc: upArc, cap: 4 * Self.sweepLimit)
        queryOrder = upwardSpace.map { $0 <= Double(Self.sweepLimit) } ?? false ? .rankSweep : .dijkstraOrder
    }

    /// The mean number of nodes an upward search reaches (its whole upward search space,
    /// the seed included), over up to 64 seeds spread evenly over the nodes, each counted
    /// up to `cap`; nil for lists that do not lead strictly upwards (a file not yet
    /// validated may be anything). Forward (`up`) lists only: on road graphs the backward
    /// spaces are alike, one-way streets aside. O(64 · cap · degree).
    package static func meanUpwardSpace(upFirst: Column<UInt32>, upArc: Column<UInt64>, cap: Int) -> Double? {
        let n = upFirst.count - 1
        guard n > 0, csr(upFirst, count: n, total: upArc.count, "") == nil else { return nil }
        let samples = min(n, 64)
        var seen = [UInt32](repeating: UInt32.max, count: n), stack: [Int] = []
        var total = 0
        for k in 0..<samples {
            let s = k * n / samples
            var count = 1
            seen[s] = UInt32(k)
            stack.removeAll(keepingCapacity: true)
            stack.append(s)
            search: while let u = stack.popLast() {
                for i in Int(upFirst[u])..<Int(upFirst[u + 1]) {
                    let x = Int(upArc[i] >> 32)
                    guard x < n, x > u else { return nil }
                    if seen[x] == UInt32(k) { continue }
                    seen[x] = UInt32(k)
                    count += 1
                    if count >= cap { break search }
                    stack.append(x)
                }
            }
            total += count
        }
        return Double(total) / Double(samples)
    }

    package var shortcutCount: Int {
        upMid.reduce(0) { $0 + ($1 & Self.originalBit == 0 ? 1 : 0) }
            + downMid.reduce(0) { $0 + ($1 & Self.originalBit == 0 ? 1 : 0) }
    }

    /// The owner (lower rank) of entry `i` of a CSR list.
    @inline(__always)
    static func owner(_ first: Column<UInt32>, _ i: Int) -> Int {
        var lo = 0, hi = first.count - 1  // last o with first[o] <= i
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if Int(first[mid]) <= i { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// For every shortcut entry, the entries of its two halves (see the type's comment);
    /// nil when the lists are inconsistent (a file not yet validated may be anything, so
    /// every index is checked here). O(arcs × degree).
    static func halves(
        upFirst: Column<UInt32>, upArc: Column<UInt64>, upMid: Column<UInt32>, downFirst: Column<UInt32>,
        downArc: Column<UInt64>, downMid: Column<UInt32>
    ) -> (up: [UInt64], down: [UInt64])? {
        let n = upFirst.count - 1
        guard n >= 0, downFirst.count == n + 1, upMid.count == upArc.count, downMid.count == downArc.count,
            csr(upFirst, count: n, total: upArc.count, "") == nil, csr(downFirst, count: n, total: downArc.count, "") == nil
        else { return nil }
        func find(_ first: Column<UInt32>, _ entries: Column<UInt64>, _ owner: Int, _ other: Int) -> Int? {
            for i in Int(first[owner])..<Int(first[owner + 1]) where Int(entries[i] >> 32) == other { return i }
            return nil
        }
        func fill(_ first: Column<UInt32>, _ entries: Column<UInt64>, _ mids: Column<UInt32>, up: Bool) -> [UInt64]? {
            var out = [UInt64](repeating: 0, count: entries.count)
            for o in 0..<n {
                for i in Int(first[o])..<Int(first[o + 1]) where mids[i] & originalBit == 0 {
                    let c = Int(mids[i]), x = Int(entries[i] >> 32)
                    guard c < n, x < n else { return nil }
                    let (a, b) = up ? (o, x) : (x, o)  // shortcut a → b via c
                    guard let h1 = find(downFirst, downArc, c, a), let h2 = find(upFirst, upArc, c, b) else { return nil }
                    out[i] = UInt64(h1) << 32 | UInt64(h2)
                }
            }
            return out
        }
        guard let up = fill(upFirst, upArc, upMid, up: true), let down = fill(downFirst, downArc, downMid, up: false)
        else { return nil }
        return (up, down)
    }

    /// Appends the original arcs that CH arc `start` (`up` entry when `isUp`, else `down`
    /// entry) stands for, in travel order, following the precomputed halves; `stack` is
    /// scratch (a workspace's), empty on entry and on return. Terminates on any validated
    /// hierarchy: a middle node ranks below both ends.
    package func unpack(isUp: Bool, _ start: Int, into arcs: inout [UInt32], stack: inout [UInt32]) {
        let downBit: UInt32 = 0x8000_0000
        stack.append(UInt32(start) | (isUp ? 0 : downBit))
        while let top = stack.popLast() {
            let i = Int(top & ~downBit), up = top & downBit == 0
            let mid = up ? upMid[i] : downMid[i]
            if mid & Self.originalBit != 0 {
                arcs.append(mid & ~Self.originalBit)
                continue
            }
            let h = up ? upHalf[i] : downHalf[i]
            stack.append(UInt32(truncatingIfNeeded: h))  // second half: an up entry of the middle node
            stack.append(UInt32(truncatingIfNeeded: h >> 32) | downBit)  // first half, taken first
        }
    }
}
