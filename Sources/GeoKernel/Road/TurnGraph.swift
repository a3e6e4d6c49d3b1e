/// The graph routes are searched on: its nodes are *states*, each the travel along one
/// road arc (arc `a = 2·e + d` of `RoadGraphStorage`), and its arcs are the allowed
/// *turns* from one state to the next at the node where the first arc ends.
///
/// Every allowed arc has a primary state (ids `0..<primaryCount`, in arc order). A
/// destination-only arc has a second state for the end of a route (after the route has
/// left the through network; the primary one is for its start), so the rule "destination
/// only at the start and at the end" is the shape of the graph, not a check in the
/// search. A restriction via ways duplicates the states of its via arcs, so that "came
/// from the from arc" is a state too.
///
/// A label of a state in a search is the cost to the *end* of its arc; a turn's weight is
/// its turn cost plus the whole weight of the arc it enters.
///
/// Thread safety: immutable; `Sendable`.
package final class TurnGraph: Sendable {
    /// Per state: the road arc it travels.
    package let stateArc: Column<UInt32>
    /// Per state + 1: its first turn in `turnTo`/`turnCost`.
    package let turnFirst: Column<UInt32>
    /// Per turn: the state it enters.
    package let turnTo: Column<UInt32>
    /// Per turn: its cost in milliseconds in the `.fastest` metric (the `.shortest` metric
    /// prices no turn).
    package let turnCost: Column<UInt32>
    /// Derived (not saved). Per turn: the state it leaves.
    package let turnFrom: [UInt32]
    /// Derived. Per state + 1: its first entry in `inTurn`, the turns entering it.
    package let inFirst: [UInt32], inTurn: [UInt32]
    /// Derived. Per arc + 1: its first entry in `arcStates`, its states (the primary first).
    package let arcStateFirst: [UInt32], arcStates: [UInt32]

    package var stateCount: Int { stateArc.count }
    package var turnCount: Int { turnTo.count }

    /// The graph from its saved arrays; nil when they are inconsistent (a file not yet
    /// validated may hold anything: every index is checked before it is used).
    @inline(never)
    package init?(
        stateArc: Column<UInt32>, turnFirst: Column<UInt32>, turnTo: Column<UInt32>, turnCost: Column<UInt32>, arcCount: Int
    ) {
        let s = stateArc.count, t = turnTo.count
        guard turnCost.count == t, s < Int(UInt32.max / 2), t < Int(UInt32.max / 2),
            csr(turnFirst, count: s, total: t, "") == nil,
            stateArc.allSatisfy({ Int($0) < arcCount }), turnTo.allSatisfy({ Int($0) < s })
        else { return nil }
        self.stateArc = stateArc; self.turnFirst = turnFirst; self.turnTo = turnTo; self.turnCost = turnCost
        var from = [UInt32](repeating: 0, count: t)
        for x in 0..<s { for i in Int(turnFirst[x])..<Int(turnFirst[x + 1]) { from[i] = UInt32(x) } }
        turnFrom = from
        (inFirst, inTurn) = Self.bucket(count: s, keys: turnTo)
        (arcStateFirst, arcStates) = Self.bucket(count: arcCount, keys: stateArc)
    }

    /// The indices `0..<keys.count` grouped by key (CSR, ascending within a key).
    private static func bucket(count n: Int, keys: Column<UInt32>) -> ([UInt32], [UInt32]) {
        var first = [UInt32](repeating: 0, count: n + 1)
        for k in keys { first[Int(k) + 1] += 1 }
        for i in 0..<n { first[i + 1] += first[i] }
        var fill = first
        var out = [UInt32](repeating: 0, count: keys.count)
        for (i, k) in keys.enumerated() {
            out[Int(fill[Int(k)])] = UInt32(i)
            fill[Int(k)] += 1
        }
        return (first, out)
    }

    /// The primary state of arc `a` (where a route starting on it is), nil when the arc
    /// is not allowed.
    @inline(__always) package func primary(_ a: UInt32) -> UInt32? {
        let i = Int(arcStateFirst[Int(a)])
        return i < Int(arcStateFirst[Int(a) + 1]) ? arcStates[i] : nil
    }

    /// The states of arc `a`.
    @inline(__always) package func states(_ a: UInt32) -> Range<Int> {
        Int(arcStateFirst[Int(a)])..<Int(arcStateFirst[Int(a) + 1])
    }

    /// The turn from state `x` into state `y`, if any. O(turns of x).
    package func turn(from x: UInt32, to y: UInt32) -> Int? {
        for i in Int(turnFirst[Int(x)])..<Int(turnFirst[Int(x) + 1]) where turnTo[i] == y { return i }
        return nil
    }

    /// Saved bytes per state and turn (the four saved arrays).
    package var byteCount: Int { 4 * (stateArc.count + turnFirst.count + turnTo.count + turnCost.count) }
}

extension RoadGraphStorage {
    /// The weight of turn `i` in metric `m`: its turn cost (`.fastest` only) plus the whole
    /// weight of the arc it enters.
    @inline(__always)
    package func turnWeight(_ i: Int, _ m: RoadMetric) -> UInt64 {
        let enters = turns.stateArc[Int(turns.turnTo[i])]
        return m == .fastest ? UInt64(turns.turnCost[i]) + UInt64(arcTime[Int(enters)]) : UInt64(edgeDist[Int(enters >> 1)])
    }
}

extension TurnGraph {
    /// A graph without states (for an arc count), before the turns are built.
    package static func empty(arcCount: Int) -> TurnGraph {
        TurnGraph(stateArc: [], turnFirst: [0], turnTo: [], turnCost: [], arcCount: arcCount)!
    }

    /// `flags` (one per edge) with bits 5 and 6 set from the turns: bit 5 when a route
    /// starting on the edge can reach the largest strongly connected component of states,
    /// bit 6 when a route from that component can end on it.
    ///
    /// - Complexity: O(states + turns).
    package func reachFlags(_ flags: [UInt8]) -> [UInt8] {
        let s = stateCount
        var first = [Int](repeating: 0, count: s + 1), heads = [Int](repeating: 0, count: turnCount)
        for x in 0...s { first[x] = Int(turnFirst[x]) }
        for i in 0..<turnCount { heads[i] = Int(turnTo[i]) }
        let (component, count) = stronglyConnectedComponents(first: first, heads: heads)
        var size = [Int](repeating: 0, count: count)
        for c in component { size[c] += 1 }
        var main = -1
        for x in 0..<s where main < 0 || size[component[x]] > size[main] { main = component[x] }
        var toMain = [Bool](repeating: false, count: s), fromMain = toMain
        var stack: [Int] = []
        for x in 0..<s where component[x] == main { toMain[x] = true; fromMain[x] = true; stack.append(x) }
        var back = stack
        while let y = stack.popLast() {  // forwards from the component
            for i in Int(turnFirst[y])..<Int(turnFirst[y + 1]) where !fromMain[Int(turnTo[i])] {
                fromMain[Int(turnTo[i])] = true
                stack.append(Int(turnTo[i]))
            }
        }
        while let y = back.popLast() {  // backwards into it
            for k in Int(inFirst[y])..<Int(inFirst[y + 1]) {
                let x = Int(turnFrom[Int(inTurn[k])])
                if !toMain[x] { toMain[x] = true; back.append(x) }
            }
        }
        var out = flags
        for e in out.indices { out[e] &= ~UInt8(96) }
        for x in 0..<s {
            let e = Int(stateArc[x] >> 1)
            if toMain[x] && primary(stateArc[x]) == UInt32(x) { out[e] |= 32 }
            if fromMain[x] { out[e] |= 64 }
        }
        return out
    }
}
