extension ContractionHierarchy {
    /// Witness search limits (settled nodes): small while estimating priorities, larger
    /// when contracting for real.
    package static let estimateLimit = 30, contractLimit = 100

    /// ... and, when contracting a node, at least this many settled nodes per arc it has
    /// left (in and out). The states contracted last form a dense core with hundreds of
    /// arcs each, where 100 settled nodes miss most witnesses: every missed witness adds a
    /// needless shortcut, which raises the degree of the nodes left, so the core grows
    /// denser and slower to contract. A limit that grows with the degree keeps the core
    /// sparser; nodes of up to 25 arcs (nearly all) keep 100. What it changed on the
    /// 10⁶-junction country is in docs/scale.md.
    package static let contractLimitPerArc = 4

    /// The settled-node limit of the witness searches that contract a node with `arcs`
    /// arcs left.
    @inline(__always)
    package static func contractLimit(arcs: Int) -> Int { max(contractLimit, contractLimitPerArc * arcs) }

    /// Contracts the turn graph of `g` for `metric` (its states are the hierarchy's
    /// nodes, its turns the original arcs, `mid` holding the turn index): nodes in order of priority
    /// level + added/removed arcs + added/removed hops (the importance RoutingKit uses),
    /// with lazy updates: a node is re-estimated when it reaches the top of the queue and
    /// requeued if it is no longer the minimum. (Re-estimating all neighbours after each
    /// contraction gave the same quality on grids at twice the build time.)
    ///
    /// - Throws: `.capacity` when a shortcut's weight exceeds 2³² − 1.
    /// - Complexity: roughly O(n log n) in practice on road networks.
    /// `progress` (nil for none) hears how many states are contracted about every half
    /// percent, and at the end.
    package convenience init(
        _ g: RoadGraphStorage, metric m: RoadMetric, progress: (@Sendable (RoadGraph.BuildProgress) -> Void)? = nil
    ) throws(GeoKernelError) {
        let t = g.turns, n = t.stateCount
        var c = Contractor(n)
        for i in 0..<t.turnCount {
            let u = Int(t.turnFrom[i]), w = Int(t.turnTo[i]), weight = g.turnWeight(i, m)
            guard weight < UInt64(UInt32.max) else {
                throw GeoKernelError(.capacity, "turn \(i) weighs \(weight) (more than 2^32 - 1)")
            }
            if u != w {
                c.add(u, w, DynArc(other: UInt32(w), weight: UInt32(weight), mid: Self.originalBit | UInt32(i), hops: 1))
            }
        }
        var level = [UInt32](repeating: 0, count: n)
        var priority = [Double](repeating: 0, count: n)
        var done = [Bool](repeating: false, count: n)
        func estimate(_ v: Int) -> Double {
            var added = 0, addedHops = 0, removedHops = 0
            c.shortcuts(of: v, limit: Self.estimateLimit) { _, _, arc in added += 1; addedHops += Int(arc.hops) }
            for i in c.outs.range(v) { removedHops += Int(c.outs.arcs[i].hops) }
            for i in c.ins.range(v) { removedHops += Int(c.ins.arcs[i].hops) }
            let removed = c.outs.range(v).count + c.ins.range(v).count
            return Double(level[v]) + 2 * Double(added) / Double(max(1, removed))
                + 4 * Double(addedHops) / Double(max(1, removedHops))
        }
        var queue = BinaryHeap()
        for v in 0..<n {
            priority[v] = estimate(v)
            queue.push(priority[v].bitPattern, UInt32(v))
        }
        var rank = [UInt32](repeating: 0, count: n), order: [UInt32] = []
        var upFirst: [UInt32] = [0], upArc: [UInt64] = [], upMid: [UInt32] = []
        var downFirst: [UInt32] = [0], downArc: [UInt64] = [], downMid: [UInt32] = []
        var pending: [(Int, Int, DynArc)] = [], neighbours: [Int] = []
        let step = max(1, (n + 199) / 200)  // at most 200 reports
        var overflow = false
        while !queue.isEmpty {
            let top = queue.pop()
            let v = Int(top.value)
            guard !done[v], top.key == priority[v].bitPattern else { continue }
            do {  // Lazy update: re-estimate; if no longer the minimum, requeue.
                let p = estimate(v)
                if p > priority[v], p.bitPattern > queue.minKey {
                    priority[v] = p
                    queue.push(p.bitPattern, UInt32(v))
                    continue
                }
            }
            done[v] = true
            rank[v] = UInt32(order.count)
            order.append(UInt32(v))
            if let progress, order.count % step == 0 || order.count == n {
                progress(.init(metric: m, contracted: order.count, total: n))
            }
            pending.removeAll(keepingCapacity: true)
            c.shortcuts(of: v, limit: Self.contractLimit(arcs: c.outs.range(v).count + c.ins.range(v).count)) { u, w, arc in
                if arc.weight == .max { overflow = true }
                pending.append((u, w, arc))
            }
            // Freeze v's arcs (their other ends rank higher) and detach v.
            neighbours.removeAll(keepingCapacity: true)
            for i in c.outs.range(v) {
                let a = c.outs.arcs[i]
                upArc.append(UInt64(a.other) << 32 | UInt64(a.weight)); upMid.append(a.mid)
                c.ins.remove(Int(a.other), UInt32(v))
                neighbours.append(Int(a.other))
            }
            for i in c.ins.range(v) {
                let a = c.ins.arcs[i]
                downArc.append(UInt64(a.other) << 32 | UInt64(a.weight)); downMid.append(a.mid)
                c.outs.remove(Int(a.other), UInt32(v))
                neighbours.append(Int(a.other))
            }
            upFirst.append(UInt32(upArc.count))
            downFirst.append(UInt32(downArc.count))
            c.outs.clear(v)
            c.ins.clear(v)
            for (u, w, arc) in pending { c.add(u, w, arc) }
            neighbours.sort()
            var last = -1
            for x in neighbours where x != last {
                last = x
                level[x] = max(level[x], level[v] + 1)
            }
        }
        if n == 0 { progress?(.init(metric: m, contracted: 0, total: 0)) }
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
