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
/// Thread safety: immutable; `Sendable`.
package struct ContractionHierarchy: Sendable {
    package static let originalBit: UInt32 = 0x8000_0000
    /// Rank of each node, node of each rank.
    package let rank: [UInt32], order: [UInt32]
    package let upFirst: [UInt32], upArc: [UInt64], upMid: [UInt32]
    package let downFirst: [UInt32], downArc: [UInt64], downMid: [UInt32]

    package init(
        rank: [UInt32], order: [UInt32], upFirst: [UInt32], upArc: [UInt64], upMid: [UInt32],
        downFirst: [UInt32], downArc: [UInt64], downMid: [UInt32]
    ) {
        self.rank = rank; self.order = order; self.upFirst = upFirst; self.upArc = upArc; self.upMid = upMid
        self.downFirst = downFirst; self.downArc = downArc; self.downMid = downMid
    }

    package var shortcutCount: Int {
        upMid.reduce(0) { $0 + ($1 & Self.originalBit == 0 ? 1 : 0) }
            + downMid.reduce(0) { $0 + ($1 & Self.originalBit == 0 ? 1 : 0) }
    }

    /// The owner (lower rank) of entry `i` of a CSR list.
    @inline(__always)
    static func owner(_ first: [UInt32], _ i: Int) -> Int {
        var lo = 0, hi = first.count - 1  // last o with first[o] <= i
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if Int(first[mid]) <= i { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// Appends the original arcs that CH arc `start` (`up` entry when `isUp`, else `down`
    /// entry) stands for, in travel order. Terminates on any validated hierarchy: a middle
    /// node ranks below both ends.
    package func unpack(isUp: Bool, _ start: Int, into arcs: inout [UInt32]) {
        var stack: [(isUp: Bool, index: Int)] = [(isUp, start)]
        while let (up, i) = stack.popLast() {
            let mid = up ? upMid[i] : downMid[i]
            if mid & Self.originalBit != 0 {
                arcs.append(mid & ~Self.originalBit)
                continue
            }
            let c = Int(mid)
            let owner = Self.owner(up ? upFirst : downFirst, i)
            let other = Int((up ? upArc[i] : downArc[i]) >> 32)
            let (a, b) = up ? (owner, other) : (other, owner)  // arc a → b via c
            guard let first = find(downFirst, downArc, c, a), let second = find(upFirst, upArc, c, b) else { continue }
            stack.append((true, second))
            stack.append((false, first))
        }
    }

    /// The entry of `owner`'s list whose other end is `other`.
    @inline(__always)
    func find(_ first: [UInt32], _ entries: [UInt64], _ owner: Int, _ other: Int) -> Int? {
        for i in Int(first[owner])..<Int(first[owner + 1]) where Int(entries[i] >> 32) == other { return i }
        return nil
    }
}
