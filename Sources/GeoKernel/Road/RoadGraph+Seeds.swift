// Phantom nodes and destination-only zones: where a route leaves its start snap and
// reaches its target snap. The partial costs are computed here only, so that the
// hierarchy, Dijkstra, the matrix and the reference search agree exactly.
//
// Destination-only rule: a route is D* T* D* (T: through arcs, D: destination-only arcs,
// the partial arcs at both ends included): it may use destination-only arcs at its start
// and at its end, never between two through arcs.

/// The weight of the part of an arc of weight `w` and length `length` metres from its
/// tail to the point `offset` metres along it: `round(w · offset / length)`, clamped to
/// [0, w]. Monotone in `offset`, so partial costs never go negative.
@inline(__always)
package func partialWeight(_ w: UInt32, offset: Double, length: Double) -> UInt64 {
    guard length > 0, offset > 0 else { return 0 }
    let t = offset / length
    if !(t < 1) { return UInt64(w) }
    return min(UInt64(w), UInt64((Double(w) * t).rounded()))
}

extension RoadGraphStorage {
    /// Offset of a snap along arc `a` (from the arc's tail), metres.
    @inline(__always)
    package func offset(_ s: RoadSnap, along a: UInt32) -> Double {
        a & 1 == 0 ? s.offsetMeters : edgeLength[Int(a >> 1)] - s.offsetMeters
    }

    /// Weight from the tail of arc `a` to the snap.
    @inline(__always)
    package func weightInto(_ s: RoadSnap, _ a: UInt32, _ m: RoadMetric) -> UInt64 {
        partialWeight(weight(a, m), offset: offset(s, along: a), length: edgeLength[Int(a >> 1)])
    }

    /// Weight from the snap to the head of arc `a`.
    @inline(__always)
    package func weightOut(_ s: RoadSnap, _ a: UInt32, _ m: RoadMetric) -> UInt64 {
        UInt64(weight(a, m)) - weightInto(s, a, m)
    }

    /// The direct way from `s` to `t` along their common edge: the arc and its weight,
    /// the cheaper allowed direction in which `t` lies ahead of `s`; nil when none.
    package func direct(_ s: RoadSnap, _ t: RoadSnap, _ m: RoadMetric) -> (arc: UInt32, cost: UInt64)? {
        guard s.edge == t.edge else { return nil }
        var best: (arc: UInt32, cost: UInt64)?
        for d in UInt32(0)...1 {
            let a = UInt32(2 * s.edge) + d
            guard allowed(a), offset(t, along: a) >= offset(s, along: a) else { continue }
            let c = weightInto(t, a, m) - weightInto(s, a, m)
            if best == nil || c < best!.cost { best = (a, c) }
        }
        return best
    }

    /// Fills `seeds` with the starts of the middle (through) part of routes from `s`:
    /// the heads of the snap's allowed arcs, and, when they are destination-only, every
    /// node of the destination-only zone reached from them (Dijkstra over
    /// destination-only arcs, labels kept in `zone` for path recovery). With
    /// `backward`, the same towards the target snap `s` (arcs reversed).
    package func seeds(
        _ s: RoadSnap, _ m: RoadMetric, backward: Bool, zone: inout SearchLabels, into seeds: inout RoadGraph.SeedList
    ) {
        seeds.removeAll()
        var zoned = false  // the zone's labels are read only through zone seeds
        for d in UInt32(0)...1 {
            let a = UInt32(2 * s.edge) + d
            guard allowed(a) else { continue }
            let node = backward ? tail(a) : head(a)
            let cost = backward ? weightInto(s, a, m) : weightOut(s, a, m)
            if destinationOnly(a) {
                if !zoned { zone.reset() }
                zoned = true
                zone.improve(Int(node), cost, parent: phantomBit | a)
            } else {
                seeds.append(RoadGraph.Seed(node: node, cost: cost, via: phantomBit | a))
            }
        }
        while zoned && !zone.heap.isEmpty {
            let top = zone.heap.pop()
            let u = Int(top.value)
            guard top.key == zone.dist(u) else { continue }
            seeds.append(RoadGraph.Seed(node: UInt32(u), cost: top.key, via: zoneVia))
            for i in Int(incFirst[u])..<Int(incFirst[u + 1]) {
                let out = incArc[i]
                let a = backward ? out ^ 1 : out  // the arc used: u → x, or x → u backward
                let f = edgeFlags[Int(a >> 1)] >> (a & 1)
                guard f & 1 != 0, f & 4 != 0 else { continue }
                zone.improve(Int(head(out)), top.key + UInt64(weight(a, m)), parent: a)
            }
        }
    }

    /// The arcs from the snap to seed `seed` (forward side) in route order, or from the
    /// seed to the snap (backward side), phantom arc included; appended to `arcs`.
    package func seedArcs(_ seed: RoadGraph.Seed, backward: Bool, zone: SearchLabels, into arcs: inout [UInt32]) {
        if seed.via != zoneVia {
            arcs.append(seed.via & ~phantomBit)
            return
        }
        let start = arcs.count
        var v = Int(seed.node)
        while true {
            let p = zone.parent(v)
            arcs.append(p & ~phantomBit)
            if p & phantomBit != 0 { break }
            v = Int(backward ? head(p) : tail(p))
        }
        if !backward { arcs[start...].reverse() }
    }
}
