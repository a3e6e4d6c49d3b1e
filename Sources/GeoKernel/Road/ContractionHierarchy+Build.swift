/// One arc of the graph being contracted.
private struct DynArc {
    var other: UInt32
    var weight: UInt32
    /// `originalBit | arc`, or the middle node (node id during the build).
    var mid: UInt32
    /// Original arcs it stands for.
    var hops: UInt32
}

/// Scratch state of witness searches.
private struct Witness {
    var stamp: [UInt32], dist: [UInt64], targetStamp: [UInt32]
    var current: UInt32 = 0
    var heap = BinaryHeap()

    init(_ n: Int) {
        stamp = [UInt32](repeating: 0, count: n)
        dist = [UInt64](repeating: 0, count: n)
        targetStamp = [UInt32](repeating: 0, count: n)
    }
}

/// The contraction state: adjacency lists of the remaining graph.
private struct Contractor {
    var outs: [[DynArc]], ins: [[DynArc]]
    var witness: Witness
    /// Settled-node limit of one witness search: more finds more witnesses (fewer
    /// shortcuts), less builds faster. A missed witness only adds a needless shortcut.
    let settleLimit = 300

    init(_ n: Int) {
        outs = [[DynArc]](repeating: [], count: n)
        ins = [[DynArc]](repeating: [], count: n)
        witness = Witness(n)
    }

    /// Adds arc u → w, or lowers the weight of the existing one.
    mutating func add(_ u: Int, _ w: Int, _ arc: DynArc) {
        if let i = outs[u].firstIndex(where: { $0.other == UInt32(w) }) {
            guard arc.weight < outs[u][i].weight else { return }
            outs[u][i] = arc
            let j = ins[w].firstIndex(where: { $0.other == UInt32(u) })!
            ins[w][j] = DynArc(other: UInt32(u), weight: arc.weight, mid: arc.mid, hops: arc.hops)
            return
        }
        outs[u].append(arc)
        ins[w].append(DynArc(other: UInt32(u), weight: arc.weight, mid: arc.mid, hops: arc.hops))
    }

    /// The shortcuts that contracting `v` needs: for each in-arc u → v and out-arc
    /// v → w (u ≠ w) without a witness path u ⇝ w (avoiding v) of at most the same weight.
    mutating func shortcuts(of v: Int, _ body: (Int, Int, DynArc) -> Void) {
        let targets = outs[v]
        guard !targets.isEmpty else { return }
        var maxOut: UInt64 = 0
        for t in targets { maxOut = max(maxOut, UInt64(t.weight)) }
        for inArc in ins[v] {
            let u = Int(inArc.other)
            let limit = UInt64(inArc.weight) + maxOut
            search(from: u, avoiding: v, limit: limit, targets: targets)
            for t in targets where Int(t.other) != u {
                let via = UInt64(inArc.weight) + UInt64(t.weight)
                let w = Int(t.other)
                if witness.stamp[w] != witness.current || witness.dist[w] > via {
                    body(u, w, DynArc(other: t.other, weight: UInt32(clamping: via), mid: UInt32(v), hops: inArc.hops + t.hops))
                }
            }
        }
    }

    /// Dijkstra from `u` in the remaining graph without `v`, until every target is
    /// settled, the queue passes `limit` or `settleLimit` nodes are settled.
    private mutating func search(from u: Int, avoiding v: Int, limit: UInt64, targets: [DynArc]) {
        witness.heap.removeAll()
        witness.current &+= 1
        if witness.current == 0 {
            for i in witness.stamp.indices { witness.stamp[i] = 0; witness.targetStamp[i] = 0 }
            witness.current = 1
        }
        let cur = witness.current
        var left = 0
        for t in targets where Int(t.other) != u && witness.targetStamp[Int(t.other)] != cur {
            witness.targetStamp[Int(t.other)] = cur
            left += 1
        }
        witness.stamp[u] = cur
        witness.dist[u] = 0
        witness.heap.push(0, UInt32(u))
        var settled = 0
        while !witness.heap.isEmpty && left > 0 && settled < settleLimit {
            let top = witness.heap.pop()
            let x = Int(top.value)
            guard top.key == witness.dist[x] else { continue }
            if top.key > limit { break }
            settled += 1
            if witness.targetStamp[x] == cur { witness.targetStamp[x] = 0; left -= 1 }
            for arc in outs[x] where Int(arc.other) != v {
                let y = Int(arc.other), d = top.key + UInt64(arc.weight)
                if witness.stamp[y] != cur || d < witness.dist[y] {
                    witness.stamp[y] = cur
                    witness.dist[y] = d
                    witness.heap.push(d, UInt32(y))
                }
            }
        }
    }
}

extension ContractionHierarchy {
    /// Contracts the through arcs of `g` for `metric`: nodes in order of priority
    /// level + added/removed arcs + added/removed hops (as RoutingKit does), updated for
    /// the neighbours of each contracted node; witness searches limited to a few hundred
    /// settled nodes.
    ///
    /// - Throws: `.capacity` when a shortcut's weight exceeds 2³² − 1.
    /// - Complexity: roughly linear in practice for road networks; about 0.1 s for 10⁴
    ///   nodes.
    package init(_ g: RoadGraphStorage, metric m: RoadMetric) throws(GeoKernelError) {
        let n = g.nodeCount
        var c = Contractor(n)
        for a in UInt32(0)..<UInt32(2 * g.edgeCount) where g.through(a) {
            let u = Int(g.tail(a)), w = Int(g.head(a))
            if u != w { c.add(u, w, DynArc(other: UInt32(w), weight: g.weight(a, m), mid: Self.originalBit | a, hops: 1)) }
        }
        var level = [UInt32](repeating: 0, count: n)
        var priority = [Double](repeating: 0, count: n)
        var done = [Bool](repeating: false, count: n)
        func estimate(_ v: Int) -> Double {
            var added = 0, addedHops = 0, removedHops = 0
            c.shortcuts(of: v) { _, _, arc in added += 1; addedHops += Int(arc.hops) }
            for a in c.outs[v] { removedHops += Int(a.hops) }
            for a in c.ins[v] { removedHops += Int(a.hops) }
            let removed = c.outs[v].count + c.ins[v].count
            return Double(level[v]) + Double(added) / Double(max(1, removed))
                + Double(addedHops) / Double(max(1, removedHops))
        }
        var queue = BinaryHeap()
        for v in 0..<n {
            priority[v] = estimate(v)
            queue.push(priority[v].bitPattern, UInt32(v))
        }
        var rank = [UInt32](repeating: 0, count: n), order: [UInt32] = []
        var upFirst: [UInt32] = [0], upArc: [UInt64] = [], upMid: [UInt32] = []
        var downFirst: [UInt32] = [0], downArc: [UInt64] = [], downMid: [UInt32] = []
        var pending: [(Int, Int, DynArc)] = []
        var overflow = false
        while !queue.isEmpty {
            let top = queue.pop()
            let v = Int(top.value)
            guard !done[v], top.key == priority[v].bitPattern else { continue }
            done[v] = true
            rank[v] = UInt32(order.count)
            order.append(UInt32(v))
            pending.removeAll(keepingCapacity: true)
            c.shortcuts(of: v) { u, w, arc in
                if arc.weight == .max { overflow = true }
                pending.append((u, w, arc))
            }
            // Freeze v's arcs (their other ends rank higher) and detach v.
            for a in c.outs[v] {
                upArc.append(UInt64(a.other) << 32 | UInt64(a.weight)); upMid.append(a.mid)
                c.ins[Int(a.other)].removeAll { $0.other == UInt32(v) }
            }
            for a in c.ins[v] {
                downArc.append(UInt64(a.other) << 32 | UInt64(a.weight)); downMid.append(a.mid)
                c.outs[Int(a.other)].removeAll { $0.other == UInt32(v) }
            }
            upFirst.append(UInt32(upArc.count))
            downFirst.append(UInt32(downArc.count))
            var neighbours = c.outs[v].map { Int($0.other) } + c.ins[v].map { Int($0.other) }
            c.outs[v] = []
            c.ins[v] = []
            for (u, w, arc) in pending { c.add(u, w, arc) }
            neighbours.sort()
            var last = -1
            for x in neighbours where x != last {
                last = x
                level[x] = max(level[x], level[v] + 1)
                priority[x] = estimate(x)
                queue.push(priority[x].bitPattern, UInt32(x))
            }
        }
        if overflow { throw GeoKernelError(.capacity, "a shortcut's weight exceeds 2^32 - 1 (the network is too large)") }
        // Node ids to ranks.
        for i in upArc.indices {
            upArc[i] = UInt64(rank[Int(upArc[i] >> 32)]) << 32 | (upArc[i] & 0xFFFF_FFFF)
            if upMid[i] & Self.originalBit == 0 { upMid[i] = rank[Int(upMid[i])] }
        }
        for i in downArc.indices {
            downArc[i] = UInt64(rank[Int(downArc[i] >> 32)]) << 32 | (downArc[i] & 0xFFFF_FFFF)
            if downMid[i] & Self.originalBit == 0 { downMid[i] = rank[Int(downMid[i])] }
        }
        self.init(
            rank: rank, order: order, upFirst: upFirst, upArc: upArc, upMid: upMid, downFirst: downFirst,
            downArc: downArc, downMid: downMid)
    }
}
