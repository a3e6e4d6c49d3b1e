extension RoadGraphStorage {
    /// Bidirectional Dijkstra over the turn graph from `ws.seedsF` to `ws.seedsB` (labels
    /// in `ws.forward` / `ws.backward`, one per state). Stops when the two queue minima add
    /// up to the best meeting found.
    ///
    /// - Returns: the cost and the meeting state; nil when the seeds do not connect.
    /// - Complexity: O((states + turns) log states) in the worst case.
    package func bidirectionalDijkstra(_ m: RoadMetric, _ ws: RoadGraph.Workspace) -> (cost: UInt64, meet: UInt32)? {
        let seedsF = ws.seedsF, seedsB = ws.seedsB, t = turns
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
                    let x = Int(top.value)
                    guard top.key == f.dist(x) else { continue }
                    for i in Int(t.turnFirst[x])..<Int(t.turnFirst[x + 1]) {
                        let y = Int(t.turnTo[i]), d = top.key + turnWeight(i, m)
                        if f.improve(y, d, parent: UInt32(i)), b.reached(y), d + b.dist(y) < best {
                            best = d + b.dist(y); meet = UInt32(y)
                        }
                    }
                } else {
                    let top = b.heap.pop()
                    let y = Int(top.value)
                    guard top.key == b.dist(y) else { continue }
                    for k in Int(t.inFirst[y])..<Int(t.inFirst[y + 1]) {
                        let i = Int(t.inTurn[k])  // x → y
                        let x = Int(t.turnFrom[i]), d = top.key + turnWeight(i, m)
                        if b.improve(x, d, parent: UInt32(i)), f.reached(x), d + f.dist(x) < best {
                            best = d + f.dist(x); meet = UInt32(x)
                        }
                    }
                }
            }
            return meet == noParent ? nil : (best, meet)
        }
    }

    /// The turns of the Dijkstra path through state `meet`, in travel order and seeds
    /// excluded, appended to `turns`; returns the indices of the two seeds.
    package func dijkstraTurns(meet: UInt32, _ ws: RoadGraph.Workspace, into out: inout [UInt32]) -> (UInt32, UInt32) {
        let start = out.count
        var x = Int(meet)
        var p = ws.forward.parent(x)
        while p & phantomBit == 0 {
            out.append(p)
            x = Int(turns.turnFrom[Int(p)])
            p = ws.forward.parent(x)
        }
        out[start...].reverse()
        let seedF = p & ~phantomBit
        x = Int(meet)
        p = ws.backward.parent(x)
        while p & phantomBit == 0 {
            out.append(p)
            x = Int(turns.turnTo[Int(p)])
            p = ws.backward.parent(x)
        }
        return (seedF, p & ~phantomBit)
    }

    /// The cost of the best route from `s` to `t` by plain one-directional Dijkstra over
    /// the states, written without the seeds above (a label is the cost to the end of a
    /// state's arc; a turn into an arc of the target edge may end the route there): the
    /// reference the tests compare everything with. Allocates O(states).
    package func referenceCost(_ s: RoadSnap, _ t: RoadSnap, _ m: RoadMetric) -> UInt64? {
        let g = turns
        var dist = [UInt64](repeating: .max, count: g.stateCount)
        var heap = BinaryHeap()
        var best = direct(s, t, m)?.cost ?? .max
        for d in UInt32(0)...1 {
            let a = UInt32(2 * s.edge) + d
            guard allowed(a), let x = g.primary(a) else { continue }
            dist[Int(x)] = weightOut(s, a, m)
            heap.push(dist[Int(x)], x)
        }
        while !heap.isEmpty {
            let top = heap.pop()
            let x = Int(top.value)
            guard top.key == dist[x], top.key < best else { continue }
            for i in Int(g.turnFirst[x])..<Int(g.turnFirst[x + 1]) {
                let y = Int(g.turnTo[i]), b = g.stateArc[y]
                let turn = m == .fastest ? UInt64(g.turnCost[i]) : 0
                if Int(b >> 1) == t.edge { best = min(best, top.key + turn + weightInto(t, b, m)) }
                let d = top.key + turn + UInt64(weight(b, m))
                if d < dist[y] {
                    dist[y] = d
                    heap.push(d, UInt32(y))
                }
            }
        }
        return best == .max ? nil : best
    }
}
