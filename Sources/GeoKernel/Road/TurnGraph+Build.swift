extension TurnGraph {
    /// What building the turn graph did with the restrictions.
    package struct BuildNotes {
        package var restrictionsApplied = 0
        package var restrictionsSkipped = 0
    }

    /// One turn while the graph is being built.
    private struct Turn {
        var to: UInt32
        var cost: UInt32
    }

    /// The kind of a state: through, destination-only at a route's start, at its end.
    private enum Kind: UInt8 { case through, destinationStart, destinationEnd }

    /// At most this many duplicated states per arc of all via-way restrictions: bounds
    /// the graph by its input whatever the restrictions.
    static let duplicatesPerRestrictionArc = 8

    /// Builds the turns of `g` (whose own `turns` are ignored) under `costs` and
    /// `restrictions` (edge indices of `g`; each already checked to be a chain of allowed
    /// arcs).
    ///
    /// - Complexity: O(Σ degree² over nodes + restriction arcs · duplicates).
    package static func build(
        _ g: RoadGraphStorage, costs: TurnCosts, restrictions: [RoadNetwork.TurnRestriction]
    ) throws(GeoKernelError) -> (TurnGraph, BuildNotes) {
        var notes = BuildNotes()
        let arcCount = 2 * g.edgeCount
        var stateArc: [UInt32] = [], kind: [Kind] = []
        var primary = [UInt32](repeating: .max, count: arcCount), endState = primary
        for a in 0..<UInt32(arcCount) where g.allowed(a) {
            primary[Int(a)] = UInt32(stateArc.count)
            stateArc.append(a)
            kind.append(g.destinationOnly(a) ? .destinationStart : .through)
        }
        for a in 0..<UInt32(arcCount) where g.allowed(a) && g.destinationOnly(a) {
            endState[Int(a)] = UInt32(stateArc.count)
            stateArc.append(a)
            kind.append(.destinationEnd)
        }
        // Restrictions via a node: forbidden (arrival arc, departure arc) pairs.
        var forbidden = Set<UInt64>()
        for r in restrictions where r.arcs.count == 2 {
            let a = Self.arc(r.arcs[0]), b = Self.arc(r.arcs[1])
            let v = Int(g.head(a))
            for i in Int(g.incFirst[v])..<Int(g.incFirst[v + 1]) {
                let out = g.incArc[i]
                guard g.allowed(out) else { continue }
                if r.kind == .no ? out == b : out != b { forbidden.insert(UInt64(a) << 32 | UInt64(out)) }
            }
            notes.restrictionsApplied += 1
        }
        let headings = ArcHeadings(g, within: costs.headingMeters)
        /// Back along the same edge, or back onto the same road (name or number).
        func reverses(_ a: UInt32, _ b: UInt32) -> Bool {
            if b == a ^ 1 { return true }
            guard abs(headings.angle(from: a, to: b)) >= TurnCosts.uTurnDegrees else { return false }
            let e = Int(a >> 1), f = Int(b >> 1)
            return (g.edgeName[e] != 0 && g.edgeName[e] == g.edgeName[f]) || (g.edgeRef[e] != 0 && g.edgeRef[e] == g.edgeRef[f])
        }
        var outs = [[Turn]](repeating: [], count: stateArc.count)
        for x in 0..<stateArc.count {
            let a = stateArc[x], v = Int(g.head(a))
            let roads = Int(g.incFirst[v + 1] - g.incFirst[v])
            var deadEnd = true
            for i in Int(g.incFirst[v])..<Int(g.incFirst[v + 1]) where g.allowed(g.incArc[i]) && !reverses(a, g.incArc[i]) {
                deadEnd = false
            }
            for i in Int(g.incFirst[v])..<Int(g.incFirst[v + 1]) {
                let b = g.incArc[i]
                guard g.allowed(b), !forbidden.contains(UInt64(a) << 32 | UInt64(b)) else { continue }
                let uTurn = reverses(a, b)
                if uTurn && costs.uTurns == .deadEndsOnly && !deadEnd { continue }
                let to: UInt32
                switch (kind[x], g.destinationOnly(b)) {
                case (.through, false), (.destinationStart, false): to = primary[Int(b)]
                case (.through, true), (.destinationEnd, true): to = endState[Int(b)]
                case (.destinationStart, true): to = primary[Int(b)]
                case (.destinationEnd, false): continue
                }
                var seconds = 0.0
                if uTurn {
                    seconds = costs.turnSeconds(angle: 180) + costs.uTurnSeconds
                } else if roads >= 3 {
                    seconds = costs.turnSeconds(angle: headings.angle(from: a, to: b))
                }
                outs[x].append(Turn(to: to, cost: UInt32((seconds * 1000).rounded())))
            }
        }
        // Restrictions via ways: duplicate the via arcs' states reached from the from arc.
        var statesOf: [UInt32: [UInt32]] = [:]  // arc → its states, once a via-way restriction needs them
        func states(of a: UInt32) -> [UInt32] {
            if let s = statesOf[a] { return s }
            var s: [UInt32] = []
            if primary[Int(a)] != .max { s.append(primary[Int(a)]) }
            if endState[Int(a)] != .max { s.append(endState[Int(a)]) }
            statesOf[a] = s
            return s
        }
        var duplicateOf: [UInt64: UInt32] = [:]  // (state, via arc) → the duplicate entered from it
        var budget = 0
        for r in restrictions where r.arcs.count > 2 { budget += Self.duplicatesPerRestrictionArc * r.arcs.count }
        for r in restrictions where r.arcs.count > 2 {
            let path = r.arcs.map(Self.arc)
            var applied = false
            for start in states(of: path[0]) {
                var x = start, followed = true
                for k in 1..<(path.count - 1) {
                    guard let j = outs[Int(x)].firstIndex(where: { stateArc[Int($0.to)] == path[k] }) else {
                        followed = false  // the sequence cannot be driven from this state
                        break
                    }
                    let key = UInt64(x) << 32 | UInt64(path[k])
                    if let d = duplicateOf[key] {
                        x = d
                    } else {
                        guard budget > 0 else {
                            followed = false
                            break
                        }
                        budget -= 1
                        let y = Int(outs[Int(x)][j].to), d = UInt32(stateArc.count)
                        stateArc.append(stateArc[y])
                        kind.append(kind[y])
                        outs.append(outs[y])
                        statesOf[path[k], default: []].append(d)
                        outs[Int(x)][j].to = d
                        duplicateOf[key] = d
                        x = d
                    }
                    if r.kind == .only && k < path.count - 2 {
                        outs[Int(x)].removeAll { stateArc[Int($0.to)] != path[k + 1] }
                    }
                }
                guard followed else { continue }
                let last = path[path.count - 1]
                outs[Int(x)].removeAll { r.kind == .no ? stateArc[Int($0.to)] == last : stateArc[Int($0.to)] != last }
                applied = true
            }
            if applied { notes.restrictionsApplied += 1 } else { notes.restrictionsSkipped += 1 }
        }
        var turnFirst: [UInt32] = [0], turnTo: [UInt32] = [], turnCost: [UInt32] = []
        for list in outs {
            for t in list {
                turnTo.append(t.to)
                turnCost.append(t.cost)
            }
            turnFirst.append(UInt32(turnTo.count))
        }
        guard stateArc.count < Int(UInt32.max / 2), turnTo.count < Int(UInt32.max / 2),
            let graph = TurnGraph(
                stateArc: Column(stateArc), turnFirst: Column(turnFirst), turnTo: Column(turnTo), turnCost: Column(turnCost),
                arcCount: arcCount)
        else { throw GeoKernelError(.capacity, "\(stateArc.count) states and \(turnTo.count) turns; at most 2^31 of each") }
        return (graph, notes)
    }

    @inline(__always) static func arc(_ a: RoadNetwork.Arc) -> UInt32 { UInt32(2 * a.edge + (a.forward ? 0 : 1)) }
}

/// The heading of every arc where it leaves its tail and where it reaches its head,
/// measured over its first / last `within` metres (degrees clockwise from north; NaN for
/// an arc of no length).
struct ArcHeadings {
    private var departure: [Double], arrival: [Double]

    init(_ g: RoadGraphStorage, within h: Double) {
        departure = [Double](repeating: .nan, count: 2 * g.edgeCount)
        arrival = departure
        for e in 0..<g.edgeCount {
            let lo = Int(g.geomFirst[e]), hi = Int(g.geomFirst[e + 1]) - 1
            // From the from node forwards, and from the to node backwards.
            let fromEnd = Self.bearing(g, from: lo, towards: hi, within: h)
            let toEnd = Self.bearing(g, from: hi, towards: lo, within: h)
            departure[2 * e] = fromEnd  // forward arc leaves the from node
            arrival[2 * e + 1] = (fromEnd + 180).truncatingRemainder(dividingBy: 360)  // backward arc reaches it
            departure[2 * e + 1] = toEnd
            arrival[2 * e] = (toEnd + 180).truncatingRemainder(dividingBy: 360)
        }
    }

    /// The bearing from vertex `v0` to the first vertex (stepping towards `v1`) at least
    /// `h` metres along the geometry from it, or to `v1`.
    private static func bearing(_ g: RoadGraphStorage, from v0: Int, towards v1: Int, within h: Double) -> Double {
        let step = v1 >= v0 ? 1 : -1
        let start = g.coordinate(vertex: v0)
        var v = v0, travelled = 0.0, previous = start
        while v != v1 && travelled < h {
            v += step
            let c = g.coordinate(vertex: v)
            travelled += haversineDistance(previous, c)
            previous = c
        }
        return travelled > 0 ? start.initialBearing(to: previous) : .nan
    }

    /// The turn angle from arc `a` into arc `b` (which leaves where `a` arrives): degrees
    /// in (-180, 180], positive to the right; 0 when either has no length.
    func angle(from a: UInt32, to b: UInt32) -> Double {
        let d = departure[Int(b)] - arrival[Int(a)]
        guard d.isFinite else { return 0 }
        var x = d.truncatingRemainder(dividingBy: 360)
        if x > 180 { x -= 360 }
        if x <= -180 { x += 360 }
        return x
    }
}
