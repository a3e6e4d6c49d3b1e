/// A contraction hierarchy (R. Geisberger, P. Sanders, D. Schultes, D. Delling,
/// "Contraction Hierarchies: Faster and Simpler Hierarchical Routing in Road Networks",
/// WEA 2008) of one metric over the through arcs of a graph.
///
/// Nodes are numbered by rank (contraction order). Every arc of the contracted graph,
/// original or shortcut, is stored once, at its lower-ranked end: `up` holds arcs
/// v → x and `down` arcs x → v, with x ranked above v. Entries pack the other end's rank
/// (high 32 bits) and the weight (low 32 bits). An entry's *link* says what it stands for:
/// `originalLink | turn` for an original arc (a turn of the turn graph), else, for a
/// shortcut a → b via middle node c, the index of c's `down` entry to a (the first half)
/// in the high 32 bits and of c's `up` entry to b (the second half) in the low 32 bits,
/// so that unpacking a path follows indices and loading computes nothing. (Version 2
/// files stored the middle node's rank instead; `init(rank:…upMid:…)` turns that into
/// links.)
///
/// A final class: queries pass one reference, not ten arrays.
/// Thread safety: immutable; `Sendable`.
package final class ContractionHierarchy: Sendable {
    /// The builder's marker of an original arc in a middle-node array.
    package static let originalBit: UInt32 = 0x8000_0000
    /// The marker of an original arc in a link.
    package static let originalLink: UInt64 = 1 << 63
    /// Rank of each node, node of each rank.
    package let rank: Column<UInt32>, order: Column<UInt32>
    package let upFirst: Column<UInt32>, upArc: Column<UInt64>, upLink: Column<UInt64>
    package let downFirst: Column<UInt32>, downArc: Column<UInt64>, downLink: Column<UInt64>
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

    /// A hierarchy from the builder's arrays, with the middle node of each shortcut
    /// (`originalBit | turn` for an original arc): copied once into columns, links computed.
    package convenience init(
        rank: [UInt32], order: [UInt32], upFirst: [UInt32], upArc: [UInt64], upMid: [UInt32],
        downFirst: [UInt32], downArc: [UInt64], downMid: [UInt32]
    ) {
        self.init(
            rank: Column(rank), order: Column(order), upFirst: Column(upFirst), upArc: Column(upArc),
            upMid: Column(upMid), downFirst: Column(downFirst), downArc: Column(downArc), downMid: Column(downMid))
    }

    /// A hierarchy from columns with middle nodes (a version 2 file's): the links are
    /// computed (O(arcs × degree)); when the lists are inconsistent, the links are left
    /// empty and validation (`problems`) refuses the hierarchy.
    @inline(never)
    package convenience init(
        rank: Column<UInt32>, order: Column<UInt32>, upFirst: Column<UInt32>, upArc: Column<UInt64>, upMid: Column<UInt32>,
        downFirst: Column<UInt32>, downArc: Column<UInt64>, downMid: Column<UInt32>
    ) {
        let halves = Self.halves(
            upFirst: upFirst, upArc: upArc, upMid: upMid, downFirst: downFirst, downArc: downArc, downMid: downMid)
        func links(_ mids: Column<UInt32>, _ halves: [UInt64]?) -> Column<UInt64> {
            guard let halves else { return Column() }
            return Column(mids.indices.map { i in
                mids[i] & Self.originalBit != 0 ? Self.originalLink | UInt64(mids[i] & ~Self.originalBit) : halves[i]
            })
        }
        self.init(
            rank: rank, order: order, upFirst: upFirst, upArc: upArc, upLink: links(upMid, halves?.up),
            downFirst: downFirst, downArc: downArc, downLink: links(downMid, halves?.down))
    }

    /// A hierarchy over columns with links (a mapped file's, read in place).
    @inline(never)
    package init(
        rank: Column<UInt32>, order: Column<UInt32>, upFirst: Column<UInt32>, upArc: Column<UInt64>, upLink: Column<UInt64>,
        downFirst: Column<UInt32>, downArc: Column<UInt64>, downLink: Column<UInt64>
    ) {
        self.rank = rank; self.order = order; self.upFirst = upFirst; self.upArc = upArc; self.upLink = upLink
        self.downFirst = downFirst; self.downArc = downArc; self.downLink = downLink
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
        upLink.reduce(0) { $0 + ($1 & Self.originalLink == 0 ? 1 : 0) }
            + downLink.reduce(0) { $0 + ($1 & Self.originalLink == 0 ? 1 : 0) }
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
    /// entry) stands for, in travel order, following the links; `stack` is scratch (a
    /// workspace's), empty on entry and on return. Terminates on any validated hierarchy:
    /// a middle node ranks below both ends.
    package func unpack(isUp: Bool, _ start: Int, into arcs: inout [UInt32], stack: inout [UInt32]) {
        let downBit: UInt32 = 0x8000_0000
        stack.append(UInt32(start) | (isUp ? 0 : downBit))
        while let top = stack.popLast() {
            let i = Int(top & ~downBit)
            let link = top & downBit == 0 ? upLink[i] : downLink[i]
            if link & Self.originalLink != 0 {
                arcs.append(UInt32(truncatingIfNeeded: link))
                continue
            }
            stack.append(UInt32(truncatingIfNeeded: link))  // second half: an up entry of the middle node
            stack.append(UInt32(truncatingIfNeeded: link >> 32) | downBit)  // first half, taken first
        }
    }
}
