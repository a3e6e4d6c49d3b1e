extension RoadGraphStorage {
    /// Bidirectional Dijkstra over the through arcs from `ws.seedsF` to `ws.seedsB`
    /// (labels in `ws.forward` / `ws.backward`). Stops when the two queue minima add up
    /// to the best meeting found.
    ///
    /// - Returns: the cost and the meeting node; nil when the seeds do not connect.
    /// - Complexity: O((n + arcs) log n) in the worst case.
    package func bidirectionalDijkstra(_ m: RoadMetric, _ ws: RoadGraph.Workspace) -> (cost: UInt64, meet: UInt32)? {
        let seedsF = ws.seedsF, seedsB = ws.seedsB
        return ws.withLabels { f, b in
            f.reset()
            b.reset()
            for (i, s) in seedsF.enumerated() { f.improve(Int(s.node), s.cost, parent: phantomBit | UInt32(i)) }
            for (i, s) in seedsB.enumerated() { b.improve(Int(s.node), s.cost, parent: phantomBit | UInt32(i)) }
            var best = UInt64.max, meet = noParent
            for s in seedsF where b.reached(Int(s.node)) {
                let c = f.dist(Int(s.node)) + b.dist(Int(s.node))
                if c < best { best = c; meet = s.node }
            }
            while true {
                let fmin = f.heap.minKey, bmin = b.heap.minKey
                if fmin == .max || bmin == .max || fmin + bmin >= best { break }
                if fmin <= bmin {
                    let top = f.heap.pop()
                    let u = Int(top.value)
                    guard top.key == f.dist(u) else { continue }
                    for i in Int(incFirst[u])..<Int(incFirst[u + 1]) {
                        let a = incArc[i]
                        guard through(a) else { continue }
                        let v = Int(head(a)), d = top.key + UInt64(weight(a, m))
                        if f.improve(v, d, parent: a), b.reached(v), d + b.dist(v) < best {
                            best = d + b.dist(v); meet = UInt32(v)
                        }
                    }
                } else {
                    let top = b.heap.pop()
                    let u = Int(top.value)
                    guard top.key == b.dist(u) else { continue }
                    for i in Int(incFirst[u])..<Int(incFirst[u + 1]) {
                        let a = incArc[i] ^ 1  // x → u
                        guard through(a) else { continue }
                        let x = Int(tail(a)), d = top.key + UInt64(weight(a, m))
                        if b.improve(x, d, parent: a), f.reached(x), d + f.dist(x) < best {
                            best = d + f.dist(x); meet = UInt32(x)
                        }
                    }
                }
            }
            return meet == noParent ? nil : (best, meet)
        }
    }

    /// The arcs of the Dijkstra path through `meet`, seeds excluded, and the two seeds.
    package func dijkstraArcs(meet: UInt32, _ ws: RoadGraph.Workspace, into arcs: inout [UInt32]) -> (UInt32, UInt32) {
        let start = arcs.count
        var v = Int(meet)
        var p = ws.forward.parent(v)
        while p & phantomBit == 0 {
            arcs.append(p)
            v = Int(tail(p))
            p = ws.forward.parent(v)
        }
        arcs[start...].reverse()
        let seedF = p & ~phantomBit
        v = Int(meet)
        p = ws.backward.parent(v)
        while p & phantomBit == 0 {
            arcs.append(p)
            v = Int(head(p))
            p = ws.backward.parent(v)
        }
        return (seedF, p & ~phantomBit)
    }

    /// The cost of the best route from `s` to `t` by plain one-directional Dijkstra over
    /// (node, phase) states that enforce the destination-only rule directly (phase 0:
    /// only destination-only arcs so far; 1: through arcs; 2: destination-only after
    /// through arcs): the reference the tests compare everything with. Allocates O(n).
    package func referenceCost(_ s: RoadSnap, _ t: RoadSnap, _ m: RoadMetric) -> UInt64? {
        var dist = [UInt64](repeating: .max, count: 3 * nodeCount)
        var heap = BinaryHeap()
        func push(_ node: UInt32, _ phase: Int, _ d: UInt64) {
            let k = 3 * Int(node) + phase
            if d < dist[k] { dist[k] = d; heap.push(d, UInt32(k)) }
        }
        var best = direct(s, t, m)?.cost ?? .max
        for d in UInt32(0)...1 {
            let a = UInt32(2 * s.edge) + d
            if allowed(a) { push(head(a), through(a) ? 1 : 0, weightOut(s, a, m)) }
        }
        var ends: [(node: Int, cost: UInt64, maxPhase: Int)] = []
        for d in UInt32(0)...1 {
            let a = UInt32(2 * t.edge) + d
            if allowed(a) { ends.append((Int(tail(a)), weightInto(t, a, m), through(a) ? 1 : 2)) }
        }
        while !heap.isEmpty {
            let top = heap.pop()
            guard top.key == dist[Int(top.value)], top.key < best else { continue }
            let u = Int(top.value) / 3, phase = Int(top.value) % 3
            for e in ends where e.node == u && phase <= e.maxPhase { best = min(best, top.key + e.cost) }
            for i in Int(incFirst[u])..<Int(incFirst[u + 1]) {
                let a = incArc[i]
                guard allowed(a) else { continue }
                let next = through(a) ? (phase == 2 ? -1 : 1) : (phase == 0 ? 0 : 2)
                if next >= 0 { push(head(a), next, top.key + UInt64(weight(a, m))) }
            }
        }
        return best == .max ? nil : best
    }
}
