import GeoKernel

extension RoadNetworkBuilder {
    /// One end of an edge at a node: the edge and whether it is the edge's `to` end.
    private struct End: Hashable {
        var edge: Int
        var atTo: Bool
    }

    /// Resolves the pending via-node restrictions into the topology.
    ///
    /// A node-based graph cannot forbid a turn at a plain node, and one node per road end
    /// is not enough either: arriving at a road end and leaving along it would be one
    /// state, so forbidden turns could be chained through another end, or evaded by a
    /// U-turn at a node next to the junction. So at each restricted junction every road
    /// end gets an *arrival* node and a *departure* node: a two-way road next to the
    /// junction becomes two one-way edges with the same geometry (its "twins"), one into
    /// the arrival node and one out of the departure node, and zero-length connectors
    /// join each arrival node to the departure node of every road that may be turned
    /// into (a U-turn included, unless forbidden). A route can then turn back only where
    /// it could before: at the road's other end. A connector between two destination-only
    /// roads is destination-only too.
    ///
    /// Cost: per restricted junction with k road ends, up to 2k nodes, k twin edges and
    /// k² connectors. Restrictions at a junction with a loop road are skipped.
    mutating func applyRestrictions(_ net: inout RoadNetwork, graphNode: [Int32]) {
        guard !restrictions.isEmpty else { return }
        var viaOf: [Int: Int] = [:]  // restriction index → graph node
        var viaNodes = Set<Int>()
        for (ri, r) in restrictions.enumerated() {
            guard let i = nodeTable.index(of: r.viaNode), graphNode[i] >= 0 else {
                skip(r.relationID, "via node \(r.viaNode) is not on a road of this profile")
                continue
            }
            viaOf[ri] = Int(graphNode[i])
            viaNodes.insert(Int(graphNode[i]))
        }
        var ends: [Int: [End]] = [:]
        var loops = Set<Int>()
        for (e, edge) in net.edges.enumerated() {
            if edge.from == edge.to && viaNodes.contains(edge.from) { loops.insert(edge.from) }
            if viaNodes.contains(edge.from) { ends[edge.from, default: []].append(End(edge: e, atTo: false)) }
            if viaNodes.contains(edge.to) { ends[edge.to, default: []].append(End(edge: e, atTo: true)) }
        }
        func arriving(_ x: End) -> Bool { (x.atTo ? net.edges[x.edge].forward : net.edges[x.edge].backward) != nil }
        func departing(_ x: End) -> Bool { (x.atTo ? net.edges[x.edge].backward : net.edges[x.edge].forward) != nil }

        var forbidden: [Int: Set<[Int]>] = [:]  // via node → forbidden (arrival end, departure end) pairs
        for (ri, r) in restrictions.enumerated() {
            guard let v = viaOf[ri], let here = ends[v] else { continue }
            guard !loops.contains(v) else {
                skip(r.relationID, "a loop road starts and ends at via node \(r.viaNode)")
                continue
            }
            var fromEnds: [Int] = [], toEnds: [Int] = []
            for k in here.indices {
                let way = net.edges[here[k].edge].wayID
                if r.from.contains(way) && arriving(here[k]) { fromEnds.append(k) }
                if r.to.contains(way) && departing(here[k]) { toEnds.append(k) }
            }
            guard !fromEnds.isEmpty else {
                skip(r.relationID, "no from way arrives at via node \(r.viaNode)")
                continue
            }
            guard !toEnds.isEmpty else {
                skip(r.relationID, "no to way leaves via node \(r.viaNode)")
                continue
            }
            for a in fromEnds {
                switch r.kind {
                case .no: for b in toEnds { forbidden[v, default: []].insert([a, b]) }
                case .only: for b in here.indices where !toEnds.contains(b) { forbidden[v, default: []].insert([a, b]) }
                }
            }
            report.restrictionsApplied += 1
        }
        var twinOf: [Int: Int] = [:]
        for (v, banned) in forbidden.sorted(by: { $0.key < $1.key }) {
            guard let here = ends[v] else { continue }
            let position = net.nodes[v]
            var arrival = [Int?](repeating: nil, count: here.count)
            var departure = [Int?](repeating: nil, count: here.count)
            var reused = false
            func newNode() -> Int {
                if !reused {
                    reused = true
                    return v
                }
                net.nodes.append(position)
                return net.nodes.count - 1
            }
            for (k, end) in here.enumerated() {
                let e = end.edge
                if twinOf[e] == nil, net.edges[e].forward != nil, net.edges[e].backward != nil {
                    // Split the two-way road: the original keeps the direction into this
                    // junction, its twin the direction out of it.
                    var twin = net.edges[e]
                    if end.atTo {
                        net.edges[e].backward = nil
                        twin.forward = nil
                    } else {
                        net.edges[e].forward = nil
                        twin.backward = nil
                    }
                    net.edges.append(twin)
                    twinOf[e] = net.edges.count - 1
                }
                for x in [e] + (twinOf[e].map { [$0] } ?? []) {
                    let into = end.atTo ? net.edges[x].forward != nil : net.edges[x].backward != nil
                    let node: Int
                    if into {
                        if arrival[k] == nil { arrival[k] = newNode() }
                        node = arrival[k]!
                    } else {
                        if departure[k] == nil { departure[k] = newNode() }
                        node = departure[k]!
                    }
                    if end.atTo { net.edges[x].to = node } else { net.edges[x].from = node }
                }
            }
            for a in here.indices {
                guard let from = arrival[a] else { continue }
                for b in here.indices where !banned.contains([a, b]) {
                    guard let to = departure[b] else { continue }
                    // A turn between two destination-only roads stays inside their zone.
                    func destinationOnly(_ k: Int) -> Bool {
                        let e = net.edges[here[k].edge]
                        return (e.forward ?? e.backward)?.destinationOnly ?? false
                    }
                    net.edges.append(RoadNetwork.Edge(
                        from: from, to: to, geometry: [position, position],
                        forward: RoadNetwork.Travel(
                            speedMetersPerSecond: 1, destinationOnly: destinationOnly(a) && destinationOnly(b)),
                        backward: nil, roadClass: net.edges[here[b].edge].roadClass, wayID: 0))
                }
            }
        }
    }
}
