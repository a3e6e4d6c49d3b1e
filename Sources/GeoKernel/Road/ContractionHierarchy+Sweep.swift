/// The down arcs of a hierarchy listed at their upper end: for rank `x`,
/// `arcs[first[x]..<first[x + 1]]` are the arcs x → v to lower ranks v, each packed as
/// `v << 32 | weight`. Derived from the `down` lists (which keep each arc at its lower
/// end), built on first use by a one-to-all sweep and kept with the hierarchy.
///
/// Memory: 8 bytes per down arc + 4 per node. Thread safety: immutable; `Sendable`.
package struct DownwardLists: Sendable {
    package let first: [UInt32]
    package let arcs: [UInt64]

    /// The lists of the `down` arcs (`downFirst`, `downArc`: arcs x → v kept at v).
    /// O(nodes + arcs).
    init(downFirst: Column<UInt32>, downArc: Column<UInt64>) {
        let n = downFirst.count - 1
        var first = [UInt32](repeating: 0, count: n + 1)
        for a in downArc { first[Int(a >> 32) + 1] += 1 }
        for x in 0..<n { first[x + 1] += first[x] }
        var fill = first
        var arcs = [UInt64](repeating: 0, count: downArc.count)
        for v in 0..<n {
            for i in Int(downFirst[v])..<Int(downFirst[v + 1]) {
                let x = Int(downArc[i] >> 32)
                arcs[Int(fill[x])] = UInt64(v) << 32 | (downArc[i] & 0xFFFF_FFFF)
                fill[x] += 1
            }
        }
        self.first = first
        self.arcs = arcs
    }
}

extension ContractionHierarchy {
    /// The down arcs by their upper end, built by the first call (O(nodes + arcs), then
    /// kept; concurrent first calls build it once).
    package var downwardLists: DownwardLists {
        downwardCache.get { DownwardLists(downFirst: downFirst, downArc: downArc) }
    }

    /// Every node whose cost from the seeds `ws.seedsF` is at most `limit`, with that
    /// cost: PHAST (D. Delling, A. Goldberg, A. Nowatzyk, R. Werneck, "PHAST: Hardware-
    /// Accelerated Shortest Path Trees", IPDPS 2011) restricted to the nodes within the
    /// limit. The upward search from the seeds is scanned in increasing rank; then every
    /// node it reached is scanned again in *decreasing* rank, following the down arcs: a
    /// node's cost is final when the scan reaches it, since every arc that can lower it
    /// comes from a higher rank, already scanned. A cost never decreases along a path,
    /// so every node of a shortest path to a node within the limit is within it too, and
    /// nodes beyond the limit are never labelled.
    ///
    /// Calls `visit(rank, cost)` once per node within the limit, in decreasing rank.
    /// Leaves `ws.forward` holding those labels (by rank) and no pending bit set.
    ///
    /// - Complexity: O((reached nodes) · degree + (highest reached rank) / 64) after the
    ///   first call (which builds `downwardLists`).
    package func reach(_ ws: RoadGraph.Workspace, limit: UInt64, _ visit: (Int, UInt64) -> Void) {
        let seeds = ws.seedsF, lists = downwardLists
        var upward: [Int] = []
        ws.withLabels { f, _ in
            f.reset()
            var lowest = Int.max, highest = -1
            for (i, s) in seeds.enumerated() where s.cost <= limit {
                lowest = min(lowest, f.mark(Int(rank[Int(s.node)]), s.cost, parent: phantomBit | UInt32(i)))
            }
            let pending = f.pending, labels = f.labels, stamp = f.current
            upFirst.withUnsafeBufferPointer { first in
                upArc.withUnsafeBufferPointer { arcs in
                    var w = lowest
                    while w < f.wordCount {  // increasing rank: an upward label is final when scanned
                        let bits = pending[w]
                        if bits == 0 { w &+= 1; continue }
                        pending[w] = bits & (bits &- 1)
                        let u = w << 6 | bits.trailingZeroBitCount
                        upward.append(u)
                        highest = u
                        Self.relax(u, labels, stamp, pending, limit, first, arcs)
                    }
                }
            }
            guard highest >= 0 else { return }
            for u in upward { pending[u >> 6] |= 1 << UInt64(u & 63) }
            lists.first.withUnsafeBufferPointer { first in
                lists.arcs.withUnsafeBufferPointer { arcs in
                    var w = highest >> 6
                    while w >= 0 {  // decreasing rank
                        let bits = pending[w]
                        if bits == 0 { w &-= 1; continue }
                        let b = 63 - bits.leadingZeroBitCount
                        pending[w] = bits & ~(1 << UInt64(b))
                        let u = w << 6 | b
                        visit(u, labels[u].dist)
                        Self.relax(u, labels, stamp, pending, limit, first, arcs)
                    }
                }
            }
        }
    }

    /// Lowers the labels of the heads of `u`'s arcs (in `first`/`arcs`) that the path
    /// through `u` keeps within `limit`, marking them pending.
    @inline(__always)
    private static func relax(
        _ u: Int, _ labels: UnsafeMutablePointer<NodeLabel>, _ stamp: UInt32, _ pending: UnsafeMutablePointer<UInt64>,
        _ limit: UInt64, _ first: UnsafeBufferPointer<UInt32>, _ arcs: UnsafeBufferPointer<UInt64>
    ) {
        let d = labels[u].dist
        for i in Int(first[u])..<Int(first[u + 1]) {
            let x = Int(arcs[i] >> 32), dx = d + (arcs[i] & 0xFFFF_FFFF)
            if dx <= limit && (labels[x].stamp != stamp || dx < labels[x].dist) {
                labels[x] = NodeLabel(stamp: stamp, parent: noParent, dist: dx)
                pending[x >> 6] |= 1 << UInt64(x & 63)
            }
        }
    }
}
