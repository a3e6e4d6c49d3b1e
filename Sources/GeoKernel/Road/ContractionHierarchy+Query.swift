extension ContractionHierarchy {
    /// The best meeting of the upward searches from `ws.seedsF` and `ws.seedsB` (node ids;
    /// labels by rank in `ws.forward`/`ws.backward`), in this hierarchy's query order
    /// (`order` overrides it, for tests). Both orders find the same cost; the meeting
    /// and the parents may differ between equal-cost paths.
    ///
    /// - Returns: the cost and the meeting rank; nil when the seeds do not connect.
    package func search(_ ws: RoadGraph.Workspace, order: QueryOrder? = nil) -> (cost: UInt64, meet: UInt32)? {
        switch order ?? queryOrder {
        case .rankSweep: sweep(ws)
        case .dijkstraOrder: dijkstraOrderSearch(ws)
        }
    }

    /// The two upward searches, each scanned in increasing rank without a queue: every
    /// arc an upward search follows leads to a higher rank, so when a scan reaches a
    /// rank, that node's label is final (rank order is a topological order of the upward
    /// graph). The forward search runs to the top first; then the backward one, where a
    /// rank the forward search reached is a meeting and a node no better than the best
    /// meeting is not expanded. No stopping criterion and no stalling: a query pays for
    /// each node of the two upward search spaces, and little per node (the reached ranks
    /// are pending bits, one per rank, in each `SearchLabels`; all clear again when a
    /// scan ends). Two simple scans measured 1.6× faster than one interleaved scan.
    ///
    /// - Complexity: O(upward search spaces + n / 64) per query.
    private func sweep(_ ws: RoadGraph.Workspace) -> (cost: UInt64, meet: UInt32)? {
        let seedsF = ws.seedsF, seedsB = ws.seedsB
        return ws.withLabels { f, b in
            f.reset()
            b.reset()
            var wf = Int.max, wb = Int.max  // the lowest pending words
            for (i, s) in seedsF.enumerated() { wf = min(wf, f.mark(Int(rank[Int(s.node)]), s.cost, parent: phantomBit | UInt32(i))) }
            for (i, s) in seedsB.enumerated() { wb = min(wb, b.mark(Int(rank[Int(s.node)]), s.cost, parent: phantomBit | UInt32(i))) }
            let fp = f.pending, bp = b.pending, fl = f.labels, bl = b.labels, fc = f.current, bc = b.current
            let words = f.wordCount
            var best = UInt64.max, meet = noParent
            upFirst.withUnsafeBufferPointer { uf in
                upArc.withUnsafeBufferPointer { ua in
                    Self.scan(fp, from: wf, to: words) { u in Self.expand(u, fl, fc, fp, .max, uf, ua) }
                }
            }
            downFirst.withUnsafeBufferPointer { df in
                downArc.withUnsafeBufferPointer { da in
                    Self.scan(bp, from: wb, to: words) { u in
                        if fl[u].stamp == fc && fl[u].dist &+ bl[u].dist < best {
                            best = fl[u].dist &+ bl[u].dist
                            meet = UInt32(truncatingIfNeeded: u)
                        }
                        Self.expand(u, bl, bc, bp, best, df, da)
                    }
                }
            }
            return meet == noParent ? nil : (best, meet)
        }
    }

    /// Clears the pending bits of words `from..<to` in increasing rank, calling `visit`
    /// for each; `visit` may set bits above the one it is called for.
    @inline(__always)
    private static func scan(_ pending: UnsafeMutablePointer<UInt64>, from: Int, to words: Int, _ visit: (Int) -> Void) {
        var w = from
        while w < words {
            let bits = pending[w]
            if bits == 0 {
                w &+= 1
                continue
            }
            pending[w] = bits & (bits &- 1)
            visit(w << 6 | bits.trailingZeroBitCount)
        }
    }

    /// Relaxes the upward arcs of rank `u` (final label in `labels`) unless its distance
    /// already reaches `best`, marking the ranks it improves as pending.
    @inline(__always)
    private static func expand(
        _ u: Int, _ labels: UnsafeMutablePointer<NodeLabel>, _ stamp: UInt32, _ pending: UnsafeMutablePointer<UInt64>,
        _ best: UInt64, _ first: UnsafeBufferPointer<UInt32>, _ arcs: UnsafeBufferPointer<UInt64>
    ) {
        let d = labels[u].dist
        if d >= best { return }
        // Wrapping arithmetic is exact here: indices and sums of 32-bit weights stay far
        // below the limits, and it spares the checks in the hottest loop.
        var i = Int(first[u])
        let end = Int(first[u &+ 1])
        while i < end {
            let x = Int(arcs[i] >> 32), dx = d &+ (arcs[i] & 0xFFFF_FFFF)
            if labels[x].stamp != stamp || dx < labels[x].dist {
                labels[x] = NodeLabel(stamp: stamp, parent: UInt32(truncatingIfNeeded: i), dist: dx)
                pending[x >> 6] |= 1 << UInt64(x & 63)
            }
            i &+= 1
        }
    }

    /// Bidirectional upward search with stall-on-demand, in Dijkstra order (two queues).
    /// Each direction stops when its queue minimum reaches the best meeting.
    ///
    /// - Complexity: O(settled nodes · log), a few hundred nodes on city-sized graphs.
    private func dijkstraOrderSearch(_ ws: RoadGraph.Workspace) -> (cost: UInt64, meet: UInt32)? {
        let seedsF = ws.seedsF, seedsB = ws.seedsB
        return ws.withLabels { f, b in
            f.reset()
            b.reset()
            for (i, s) in seedsF.enumerated() { f.improve(Int(rank[Int(s.node)]), s.cost, parent: phantomBit | UInt32(i)) }
            for (i, s) in seedsB.enumerated() { b.improve(Int(rank[Int(s.node)]), s.cost, parent: phantomBit | UInt32(i)) }
            var best = UInt64.max, meet = noParent
            for s in seedsF {
                let r = Int(rank[Int(s.node)])
                if b.reached(r), f.dist(r) + b.dist(r) < best { best = f.dist(r) + b.dist(r); meet = UInt32(r) }
            }
            upFirst.withUnsafeBufferPointer { uf in
                upArc.withUnsafeBufferPointer { ua in
                    downFirst.withUnsafeBufferPointer { df in
                        downArc.withUnsafeBufferPointer { da in
                            var fDone = false, bDone = false
                            while true {
                                if !fDone && f.heap.minKey >= best { fDone = true }
                                if !bDone && b.heap.minKey >= best { bDone = true }
                                if fDone && bDone { break }
                                if !fDone && (bDone || f.heap.minKey <= b.heap.minKey) {
                                    Self.settle(&f, b, uf, ua, df, da, &best, &meet)
                                } else {
                                    Self.settle(&b, f, df, da, uf, ua, &best, &meet)
                                }
                            }
                        }
                    }
                }
            }
            return meet == noParent ? nil : (best, meet)
        }
    }

    /// Settles the next node of search `s` (the other search: `o`): stalls it when a
    /// higher node already reached offers a shorter way down to it, else checks for a
    /// meeting and relaxes its upward arcs (for the backward search, the down lists are
    /// its upward arcs and vice versa). Node indices come from a validated hierarchy.
    @inline(__always)
    private static func settle(
        _ s: inout SearchLabels, _ o: SearchLabels, _ upFirst: UnsafeBufferPointer<UInt32>,
        _ upArc: UnsafeBufferPointer<UInt64>, _ downFirst: UnsafeBufferPointer<UInt32>,
        _ downArc: UnsafeBufferPointer<UInt64>, _ best: inout UInt64, _ meet: inout UInt32
    ) {
        let top = s.heap.pop()
        let u = Int(top.value)
        let sl = s.labels, sc = s.current
        guard top.key == sl[u].dist else { return }
        for i in Int(downFirst[u])..<Int(downFirst[u + 1]) {
            let x = Int(downArc[i] >> 32)
            if sl[x].stamp == sc && sl[x].dist + (downArc[i] & 0xFFFF_FFFF) < top.key { return }
        }
        if o.labels[u].stamp == o.current && top.key + o.labels[u].dist < best {
            best = top.key + o.labels[u].dist
            meet = UInt32(u)
        }
        for i in Int(upFirst[u])..<Int(upFirst[u + 1]) {
            let x = Int(upArc[i] >> 32), d = top.key + (upArc[i] & 0xFFFF_FFFF)
            if sl[x].stamp != sc || d < sl[x].dist {
                sl[x] = NodeLabel(stamp: sc, parent: UInt32(i), dist: d)
                s.heap.push(d, UInt32(x))
            }
        }
    }

    /// The turns of the path found through rank `meet` (the originals its arcs stand
    /// for), seeds excluded, in travel order; returns the indices of the forward and
    /// backward seeds.
    package func pathArcs(meet: UInt32, _ ws: RoadGraph.Workspace, into arcs: inout [UInt32]) -> (UInt32, UInt32) {
        var upward: [Int] = []
        var r = Int(meet)
        var p = ws.forward.parent(r)
        while p & phantomBit == 0 {
            upward.append(Int(p))
            r = Self.owner(upFirst, Int(p))
            p = ws.forward.parent(r)
        }
        let seedF = p & ~phantomBit
        for i in upward.reversed() { unpack(isUp: true, i, into: &arcs, stack: &ws.arcStack) }
        r = Int(meet)
        p = ws.backward.parent(r)
        while p & phantomBit == 0 {
            unpack(isUp: false, Int(p), into: &arcs, stack: &ws.arcStack)
            r = Self.owner(downFirst, Int(p))
            p = ws.backward.parent(r)
        }
        return (seedF, p & ~phantomBit)
    }
}

