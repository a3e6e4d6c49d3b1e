import GeoKernel

extension RoadNetworkBuilder {
    /// One end of an edge at a node: the edge and whether it is the edge's `to` end.
    private struct End: Hashable {
        var edge: Int
        var atTo: Bool
    }

    /// Resolves the pending via-node restrictions into the topology: at each restricted
    /// junction every road end gets a node of its own (the first keeps the original),
    /// and one-way zero-length connectors join each allowed (arrive, depart) pair.
    mutating func applyRestrictions(_ net: inout RoadNetwork, graphNode: [Int32]) {
        guard !restrictions.isEmpty else { return }
        // Graph node of each restriction's via node.
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
        for (e, edge) in net.edges.enumerated() {
            if viaNodes.contains(edge.from) { ends[edge.from, default: []].append(End(edge: e, atTo: false)) }
            if viaNodes.contains(edge.to) { ends[edge.to, default: []].append(End(edge: e, atTo: true)) }
        }
        func canArrive(_ x: End) -> Bool { x.atTo ? net.edges[x.edge].forward != nil : net.edges[x.edge].backward != nil }
        func canDepart(_ x: End) -> Bool { x.atTo ? net.edges[x.edge].backward != nil : net.edges[x.edge].forward != nil }

        var forbidden: [Int: Set<[Int]>] = [:]  // via node → forbidden (arrive end, depart end) index pairs
        for (ri, r) in restrictions.enumerated() {
            guard let v = viaOf[ri], let here = ends[v] else { continue }
            let fromEnds = here.indices.filter { r.from.contains(net.edges[here[$0].edge].wayID) && canArrive(here[$0]) }
            let toEnds = here.indices.filter { r.to.contains(net.edges[here[$0].edge].wayID) && canDepart(here[$0]) }
            guard !fromEnds.isEmpty else {
                skip(r.relationID, "no from way arrives at via node \(r.viaNode)")
                continue
            }
            guard !toEnds.isEmpty else {
                skip(r.relationID, "no to way leaves via node \(r.viaNode)")
                continue
            }
            var pairs: [[Int]] = []
            for a in fromEnds {
                switch r.kind {
                case .no: pairs += toEnds.filter { $0 != a }.map { [a, $0] }
                case .only: pairs += here.indices.filter { !toEnds.contains($0) && $0 != a }.map { [a, $0] }
                }
            }
            guard !pairs.isEmpty else {
                skip(r.relationID, "it only forbids a U-turn onto the arriving road, which cannot be expressed")
                continue
            }
            forbidden[v, default: []].formUnion(pairs)
            report.restrictionsApplied += 1
        }
        for (v, banned) in forbidden.sorted(by: { $0.key < $1.key }) {
            guard let here = ends[v] else { continue }
            let position = net.nodes[v]
            var nodeOfEnd: [Int] = []
            for (k, end) in here.enumerated() {
                let g: Int
                if k == 0 {
                    g = v
                } else {
                    net.nodes.append(position)
                    g = net.nodes.count - 1
                }
                nodeOfEnd.append(g)
                if end.atTo { net.edges[end.edge].to = g } else { net.edges[end.edge].from = g }
            }
            for a in here.indices where canArrive(here[a]) {
                for b in here.indices where b != a && canDepart(here[b]) && !banned.contains([a, b]) {
                    net.edges.append(RoadNetwork.Edge(
                        from: nodeOfEnd[a], to: nodeOfEnd[b], geometry: [position, position],
                        forward: RoadNetwork.Travel(speedMetersPerSecond: 1), backward: nil,
                        roadClass: net.edges[here[b].edge].roadClass, wayID: 0))
                }
            }
        }
    }
}
