import GeoKernel

extension RoadNetworkBuilder {
    /// Turns the pending restriction relations into the network's arc sequences
    /// (`RoadNetwork.TurnRestriction`), skipping and counting those that do not fit the
    /// network. The kernel prices and forbids the turns (an edge-based graph), so the
    /// topology stays as it is.
    ///
    /// Via a node: every from-way arc arriving at the node × every to-way arc leaving it
    /// (`no_*`); for `only_*`, every from-way arc × every other arc leaving the node, as
    /// `no_*` pairs (so a to way passing through the node allows both its directions). Via
    /// ways: the from-way arcs arriving at a node of a via way, then the fewest via-way
    /// arcs from there to a node where a to-way arc leaves (every via way must be used),
    /// then that arc.
    @_optimize(size)  // once per build, over the few restrictions
    mutating func resolveRestrictions(_ net: inout RoadNetwork, graphNode: [Int32]) {
        guard !restrictions.isEmpty else { return }
        var wayEdges: [Int64: [Int]] = [:]
        var wanted = Set<Int64>()
        for r in restrictions { wanted.formUnion(r.from + r.to + r.viaWays) }
        for (e, edge) in net.edges.enumerated() where wanted.contains(edge.wayID) { wayEdges[edge.wayID, default: []].append(e) }
        @inline(never) func arcs(of ways: [Int64], arrivingAt v: Int?, leaving w: Int?) -> [RoadNetwork.Arc] {
            var out: [RoadNetwork.Arc] = []
            for way in ways {
                for e in wayEdges[way] ?? [] {
                    let edge = net.edges[e]
                    if edge.forward != nil && (v.map { edge.to == $0 } ?? true) && (w.map { edge.from == $0 } ?? true) {
                        out.append(RoadNetwork.Arc(edge: e, forward: true))
                    }
                    if edge.backward != nil && (v.map { edge.from == $0 } ?? true) && (w.map { edge.to == $0 } ?? true) {
                        out.append(RoadNetwork.Arc(edge: e, forward: false))
                    }
                }
            }
            return out
        }
        var incident: [Int: [Int]] = [:]  // via node → its edges
        for r in restrictions {
            if let id = r.viaNode, let i = nodeTable.index(of: id), graphNode[i] >= 0 { incident[Int(graphNode[i])] = [] }
        }
        for (e, edge) in net.edges.enumerated() {
            if incident[edge.from] != nil { incident[edge.from]!.append(e) }
            if incident[edge.to] != nil && edge.to != edge.from { incident[edge.to]!.append(e) }
        }
        func tail(_ a: RoadNetwork.Arc) -> Int { a.forward ? net.edges[a.edge].from : net.edges[a.edge].to }
        func head(_ a: RoadNetwork.Arc) -> Int { a.forward ? net.edges[a.edge].to : net.edges[a.edge].from }

        for r in restrictions {
            var made: [RoadNetwork.TurnRestriction] = []
            if let viaID = r.viaNode {
                guard let i = nodeTable.index(of: viaID), graphNode[i] >= 0 else {
                    skip(r.relationID, "via node \(viaID) is not on a road of this profile")
                    continue
                }
                let v = Int(graphNode[i])
                let from = arcs(of: r.from, arrivingAt: v, leaving: nil)
                let to = arcs(of: r.to, arrivingAt: nil, leaving: v)
                guard !from.isEmpty else {
                    skip(r.relationID, "no from way arrives at via node \(viaID)")
                    continue
                }
                guard !to.isEmpty else {
                    skip(r.relationID, "no to way leaves via node \(viaID)")
                    continue
                }
                let banned: [RoadNetwork.Arc]
                switch r.kind {
                case .no: banned = to
                case .only:
                    let allowed = Set(to)
                    var others: [RoadNetwork.Arc] = []
                    for e in incident[v] ?? [] {
                        let edge = net.edges[e]
                        if edge.from == v && edge.forward != nil { others.append(RoadNetwork.Arc(edge: e, forward: true)) }
                        if edge.to == v && edge.backward != nil { others.append(RoadNetwork.Arc(edge: e, forward: false)) }
                    }
                    banned = others.filter { !allowed.contains($0) }
                }
                for a in from { for b in banned { made.append(.init(arcs: [a, b], kind: .no, sourceID: r.relationID)) } }
                if made.isEmpty {  // an only_* that forbids nothing still applied
                    report.restrictionsApplied += 1
                    continue
                }
            } else {
                let viaSet = Set(r.viaWays)
                let via = arcs(of: r.viaWays, arrivingAt: nil, leaving: nil)
                let starts = Set(via.map(tail))
                let from = arcs(of: r.from, arrivingAt: nil, leaving: nil).filter { starts.contains(head($0)) }
                let to = arcs(of: r.to, arrivingAt: nil, leaving: nil)
                let ends = Set(to.map(tail))
                var found = false
                for a in from {
                    // Breadth-first over via arcs from the from arc's end, fewest arcs first.
                    var parent: [Int: (RoadNetwork.Arc, Int)] = [:]  // node → (arc into it, node before)
                    var queue = [head(a)], seen: Set<Int> = [head(a)], k = 0
                    while k < queue.count {
                        let u = queue[k]
                        k += 1
                        for b in via where tail(b) == u && !seen.contains(head(b)) {
                            seen.insert(head(b))
                            parent[head(b)] = (b, u)
                            queue.append(head(b))
                        }
                    }
                    for end in queue where end != head(a) && ends.contains(end) {
                        var path: [RoadNetwork.Arc] = [], x = end
                        while let (b, before) = parent[x] {
                            path.append(b)
                            x = before
                        }
                        path.reverse()
                        guard Set(path.map { net.edges[$0.edge].wayID }) == viaSet else { continue }
                        for c in to where tail(c) == end {
                            made.append(.init(arcs: [a] + path + [c], kind: r.kind, sourceID: r.relationID))
                            found = true
                        }
                        break
                    }
                }
                guard found else {
                    skip(r.relationID, "the from, via and to ways do not join into one sequence")
                    continue
                }
            }
            net.restrictions += made
            report.restrictionsApplied += 1
        }
    }
}
