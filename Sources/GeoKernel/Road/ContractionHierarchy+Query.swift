extension RoadGraph.Workspace {
    /// Runs `body` with the core search labels moved out of the class, so the hot loops
    /// touch local values (no exclusivity checks, no copy-on-write).
    @inline(__always)
    func withLabels<R>(_ body: (inout SearchLabels, inout SearchLabels) -> R) -> R {
        var f = SearchLabels(0), b = SearchLabels(0)
        swap(&f, &forward)
        swap(&b, &backward)
        defer {
            swap(&f, &forward)
            swap(&b, &backward)
        }
        return body(&f, &b)
    }
}

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
                if b.reached(r), f.dist[r] + b.dist[r] < best { best = f.dist[r] + b.dist[r]; meet = UInt32(r) }
            }
            var fDone = false, bDone = false
            while true {
                if !fDone && f.heap.minKey >= best { fDone = true }
                if !bDone && b.heap.minKey >= best { bDone = true }
                if fDone && bDone { break }
                if !fDone && (bDone || f.heap.minKey <= b.heap.minKey) {
                    settle(&f, &b, up: upFirst, upArc, down: downFirst, downArc, &best, &meet)
                } else {
                    settle(&b, &f, up: downFirst, downArc, down: upFirst, upArc, &best, &meet)
                }
            }
            return meet == noParent ? nil : (best, meet)
        }
    }

    /// Settles the next node of search `s` (the other search is `o`): stalls it when a
    /// higher node already reached offers a shorter way down to it, else checks for a
    /// meeting and relaxes its upward arcs `up` (for the backward search, `down` and
    /// `up` are swapped).
    @inline(__always)
    private func settle(
        _ s: inout SearchLabels, _ o: inout SearchLabels, up upFirst: [UInt32], _ upArc: [UInt64],
        down downFirst: [UInt32], _ downArc: [UInt64], _ best: inout UInt64, _ meet: inout UInt32
    ) {
        let top = s.heap.pop()
        let u = Int(top.value)
        guard top.key == s.dist[u] else { return }
        debugSettled &+= 1
        for i in Int(downFirst[u])..<Int(downFirst[u + 1]) {
            let x = Int(downArc[i] >> 32)
            if s.stamp[x] == s.current && s.dist[x] + (downArc[i] & 0xFFFF_FFFF) < top.key { return }
        }
        if o.stamp[u] == o.current && top.key + o.dist[u] < best {
            best = top.key + o.dist[u]
            meet = UInt32(u)
        }
        for i in Int(upFirst[u])..<Int(upFirst[u + 1]) {
            s.improve(Int(upArc[i] >> 32), top.key + (upArc[i] & 0xFFFF_FFFF), parent: UInt32(i))
        }
    }

    /// The original arcs of the path found through rank `meet`, seeds excluded, in travel
    /// order; returns the indices of the forward and backward seeds.
    package func pathArcs(meet: UInt32, _ ws: RoadGraph.Workspace, into arcs: inout [UInt32]) -> (UInt32, UInt32) {
        var upward: [Int] = []
        var r = Int(meet)
        var p = ws.forward.parent[r]
        while p & phantomBit == 0 {
            upward.append(Int(p))
            r = Self.owner(upFirst, Int(p))
            p = ws.forward.parent[r]
        }
        let seedF = p & ~phantomBit
        for i in upward.reversed() { unpack(isUp: true, i, into: &arcs) }
        r = Int(meet)
        p = ws.backward.parent[r]
        while p & phantomBit == 0 {
            unpack(isUp: false, Int(p), into: &arcs)
            r = Self.owner(downFirst, Int(p))
            p = ws.backward.parent[r]
        }
        return (seedF, p & ~phantomBit)
    }
}

nonisolated(unsafe) package var debugSettled = 0
