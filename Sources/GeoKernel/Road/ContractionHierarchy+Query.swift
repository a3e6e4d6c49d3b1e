extension ContractionHierarchy {
    /// Bidirectional upward search with stall-on-demand from `seedsF` to `seedsB` (node
    /// ids; labels by rank in `forward`/`backward`). Each direction stops when its queue
    /// minimum reaches the best meeting.
    ///
    /// - Returns: the cost and the meeting rank; nil when the seeds do not connect.
    /// - Complexity: O(search spaces), a few hundred nodes on city-sized graphs.
    package func search(_ ws: RoadGraph.Workspace) -> (cost: UInt64, meet: UInt32)? {
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

    /// The original arcs of the path found through rank `meet`, seeds excluded, in travel
    /// order; returns the indices of the forward and backward seeds.
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

