// Phantom states: where a route leaves its start snap and reaches its target snap. The
// partial costs are computed here only, so that the hierarchy, Dijkstra, the matrix and
// the reference search agree exactly.
//
// A search label is the cost to the end of a state's arc. A forward seed is the primary
// state of an arc of the start edge, labelled with the rest of that arc. A backward seed
// is a state from which a turn enters a state of an arc of the target edge, labelled with
// that turn's cost and the part of the arc up to the target (`via` names the turn), so
// that no label is ever negative and a route that must leave its edge and come back to it
// (the target behind the start) is found like any other. Destination-only arcs are
// handled by the turn graph's states (`TurnGraph`).
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
    /// the cheaper allowed direction in which `t` lies ahead of `s` (only arc `only` when
    /// given); nil when none.
    package func direct(_ s: RoadSnap, _ t: RoadSnap, _ m: RoadMetric, only: UInt32? = nil) -> (arc: UInt32, cost: UInt64)? {
        guard s.edge == t.edge else { return nil }
        var best: (arc: UInt32, cost: UInt64)?
        for d in UInt32(0)...1 {
            let a = UInt32(2 * s.edge) + d
            guard allowed(a), only == nil || only == a, offset(t, along: a) >= offset(s, along: a) else { continue }
            let c = weightInto(t, a, m) - weightInto(s, a, m)
            if best == nil || c < best!.cost { best = (a, c) }
        }
        return best
    }

    /// Fills `seeds` with the seeds of a search from the snap `s` (forward) or towards it
    /// (`backward`), along either allowed arc of its edge or only `only`; see the comment
    /// at the top of this file.
    ///
    /// - Complexity: O(states of the edge's arcs · their incoming turns).
    package func seeds(
        _ s: RoadSnap, _ m: RoadMetric, backward: Bool, into seeds: inout RoadGraph.SeedList, only: UInt32? = nil
    ) {
        seeds.removeAll()
        let t = turns
        for d in UInt32(0)...1 {
            let a = UInt32(2 * s.edge) + d
            guard allowed(a), only == nil || only == a else { continue }
            if !backward {
                seeds.append(RoadGraph.Seed(node: t.primary(a)!, cost: weightOut(s, a, m), via: noParent))
                continue
            }
            let into = weightInto(s, a, m)
            for k in t.states(a) {
                let y = Int(t.arcStates[k])
                for j in Int(t.inFirst[y])..<Int(t.inFirst[y + 1]) {
                    let i = t.inTurn[j]
                    let turn = m == .fastest ? UInt64(t.turnCost[Int(i)]) : 0
                    seeds.append(RoadGraph.Seed(node: t.turnFrom[Int(i)], cost: turn + into, via: i))
                }
            }
        }
    }
}
