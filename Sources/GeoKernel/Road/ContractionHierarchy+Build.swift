/// One arc of the graph being contracted.
struct DynArc {
    var other: UInt32
    var weight: UInt32
    /// `originalBit | arc`, or the middle node (node id during the build).
    var mid: UInt32
    /// Original arcs it stands for.
    var hops: UInt32
}

/// Adjacency lists in one flat array: each node owns a slab (start, count, capacity);
/// a full slab moves to the end with twice the capacity. No per-node arrays, so no
/// reference counting in the witness searches. Slabs left behind (and those of cleared
/// nodes) are reclaimed when they make up more than half of the array: every live slab
/// is copied, in node order, to a fresh array with room for twice its arcs.
struct SlabLists {
    var arcs: [DynArc] = []
    var start: [UInt32], count: [UInt32], capacity: [UInt32]
    /// Arcs of the array no slab uses.
    private var unused = 0

    init(_ n: Int) {
        start = [UInt32](repeating: 0, count: n)
        count = [UInt32](repeating: 0, count: n)
        capacity = [UInt32](repeating: 0, count: n)
    }

    @inline(__always) func range(_ v: Int) -> Range<Int> { Int(start[v])..<Int(start[v] + count[v]) }

    mutating func append(_ v: Int, _ arc: DynArc) {
        if count[v] == capacity[v] {
            if unused > 1 << 16, 2 * unused > arcs.count { compact() }
            let newCapacity = max(4, 2 * capacity[v]), from = Int(start[v])
            start[v] = UInt32(arcs.count)
            for i in 0..<Int(count[v]) { arcs.append(arcs[from + i]) }
            for _ in count[v]..<newCapacity { arcs.append(DynArc(other: 0, weight: 0, mid: 0, hops: 0)) }
            unused += Int(capacity[v])
            capacity[v] = newCapacity
        }
        arcs[Int(start[v] + count[v])] = arc
        count[v] += 1
    }

    /// Copies every node's arcs to a fresh array, each slab with room for twice its count
    /// (at least 4 for a node that has arcs, none for one that has none).
    private mutating func compact() {
        var fresh: [DynArc] = []
        var live = 0
        for v in start.indices { live += Int(count[v]) }
        fresh.reserveCapacity(2 * live + 4 * start.count / 8)
        let empty = DynArc(other: 0, weight: 0, mid: 0, hops: 0)
        for v in start.indices {
            let n = Int(count[v])
            guard n > 0 else {
                start[v] = 0
                capacity[v] = 0
                continue
            }
            let from = Int(start[v]), room = max(4, 2 * n)
            start[v] = UInt32(fresh.count)
            fresh.append(contentsOf: arcs[from..<(from + n)])
            for _ in n..<room { fresh.append(empty) }
            capacity[v] = UInt32(room)
        }
        arcs = fresh
        unused = 0
    }

    /// Index of the arc of `v` towards `other`.
    @inline(__always) func find(_ v: Int, _ other: UInt32) -> Int? {
        for i in range(v) where arcs[i].other == other { return i }
        return nil
    }

    mutating func remove(_ v: Int, _ other: UInt32) {
        guard let i = find(v, other) else { return }
        count[v] -= 1
        arcs[i] = arcs[Int(start[v] + count[v])]
    }

    mutating func clear(_ v: Int) {
        count[v] = 0
        unused += Int(capacity[v])
        capacity[v] = 0
    }
}

/// The contraction state: adjacency of the remaining graph and witness-search scratch.
struct Contractor {
    var outs: SlabLists, ins: SlabLists
    var stamp: [UInt32], dist: [UInt64], isTarget: [UInt32]
    /// Per target of the current search: the weight of the path through the contracted node.
    var targetBound: [UInt64]
    var current: UInt32 = 0
    var heap = BinaryHeap()

    init(_ n: Int) {
        outs = SlabLists(n)
        ins = SlabLists(n)
        stamp = [UInt32](repeating: 0, count: n)
        dist = [UInt64](repeating: 0, count: n)
        isTarget = [UInt32](repeating: 0, count: n)
        targetBound = [UInt64](repeating: 0, count: n)
    }

    /// Adds arc u → w, or lowers the weight of the existing one.
    mutating func add(_ u: Int, _ w: Int, _ arc: DynArc) {
        var back = arc
        back.other = UInt32(u)
        if let i = outs.find(u, UInt32(w)) {
            guard arc.weight < outs.arcs[i].weight else { return }
            outs.arcs[i] = arc
            ins.arcs[ins.find(w, UInt32(u))!] = back
            return
        }
        outs.append(u, arc)
        ins.append(w, back)
    }

    /// The shortcuts that contracting `v` needs: for each in-arc u → v and out-arc
    /// v → w (u ≠ w) without a witness path u ⇝ w avoiding v of at most the same weight,
    /// found by Dijkstra settling at most `limit` nodes. A missed witness only adds a
    /// needless shortcut, never a wrong one.
    mutating func shortcuts(of v: Int, limit settleLimit: Int, _ body: (Int, Int, DynArc) -> Void) {
        let outRange = outs.range(v), inRange = ins.range(v)
        guard !outRange.isEmpty, !inRange.isEmpty else { return }
        var maxOut: UInt64 = 0
        for i in outRange { maxOut = max(maxOut, UInt64(outs.arcs[i].weight)) }
        for j in inRange {
            let inArc = ins.arcs[j]
            let u = Int(inArc.other)
            search(
                from: u, avoiding: v, via: UInt64(inArc.weight), bound: UInt64(inArc.weight) + maxOut, targets: outRange,
                limit: settleLimit)
            for i in outRange {
                let t = outs.arcs[i], w = Int(t.other)
                guard w != u else { continue }
                let via = UInt64(inArc.weight) + UInt64(t.weight)
                if stamp[w] != current || dist[w] > via {
                    body(u, w, DynArc(other: t.other, weight: UInt32(clamping: via), mid: UInt32(v), hops: inArc.hops + t.hops))
                }
            }
        }
    }

    /// Dijkstra from `u` in the remaining graph without `v`, until every target is
    /// settled or has a witness (a path no longer than `via` plus its arc from v: then
    /// no shortcut to it is needed, whatever the rest of the search would find), the
    /// queue passes `bound` or `limit` nodes are settled.
    private mutating func search(
        from u: Int, avoiding v: Int, via: UInt64, bound: UInt64, targets: Range<Int>, limit: Int
    ) {
        heap.removeAll()
        current &+= 1
        if current == 0 {
            for i in stamp.indices { stamp[i] = 0; isTarget[i] = 0 }
            current = 1
        }
        let cur = current
        var left = 0
        for i in targets {
            let w = Int(outs.arcs[i].other)
            if w != u && isTarget[w] != cur {
                isTarget[w] = cur
                targetBound[w] = via + UInt64(outs.arcs[i].weight)
                left += 1
            }
        }
        stamp[u] = cur
        dist[u] = 0
        heap.push(0, UInt32(u))
        var settled = 0
        let avoid = UInt32(v)
        outs.arcs.withUnsafeBufferPointer { arcs in
            outs.start.withUnsafeBufferPointer { start in
                outs.count.withUnsafeBufferPointer { count in
                    stamp.withUnsafeMutableBufferPointer { stamp in
                        dist.withUnsafeMutableBufferPointer { dist in
                            while !heap.isEmpty && left > 0 && settled < limit {
                                let top = heap.pop()
                                let x = Int(top.value)
                                guard top.key == dist[x] else { continue }
                                settled += 1
                                if isTarget[x] == cur { isTarget[x] = 0; left -= 1 }
                                let s = Int(start[x])
                                for i in s..<(s + Int(count[x])) {
                                    let arc = arcs[i]
                                    let y = Int(arc.other), d = top.key + UInt64(arc.weight)
                                    if d <= bound && arc.other != avoid && (stamp[y] != cur || d < dist[y]) {
                                        stamp[y] = cur
                                        dist[y] = d
                                        heap.push(d, arc.other)
                                        if isTarget[y] == cur && d <= targetBound[y] { isTarget[y] = 0; left -= 1 }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
