import GeoKernel

extension RoadNetworkBuilder {
    /// Builds the network from the elements added so far.
    ///
    /// - Returns: the network and a report of what was read, kept and skipped.
    /// - Throws: `.parse` for a node outside [-90, 90] × [-180, 180] or not finite.
    /// - Complexity: O(n log n) when the nodes were not sorted by id, else O(n).
    public func build() throws(GeoKernelError) -> (network: RoadNetwork, report: Report) {
        var copy = self
        return try copy.assemble()
    }

    @_optimize(size)  // once per build, linear passes beside the contraction
    private mutating func assemble() throws(GeoKernelError) -> (network: RoadNetwork, report: Report) {
        nodeTable.finish()
        let n = nodeTable.count
        // Node indices are kept as Int32 (and the graph counts nodes in 32 bits).
        guard n < Int(Int32.max), refs.count < Int(Int32.max) else {
            throw GeoKernelError(.capacity, "\(n) nodes and \(refs.count) way references: at most 2^31 - 1 each")
        }
        // Resolve references once: table index, or -1 for a node the file lacks.
        var resolved = [Int32](repeating: -1, count: refs.count)
        var uses = [UInt8](repeating: 0, count: n)
        for way in ways {
            for k in way.refs {
                guard let i = nodeTable.index(of: refs[k]) else {
                    report.missingNodeReferences += 1
                    continue
                }
                resolved[k] = Int32(i)
                if k > way.refs.lowerBound && refs[k] == refs[k - 1] { continue }  // a repeat in a row is no new use
                let ends = k == way.refs.lowerBound || k == way.refs.upperBound - 1
                uses[i] = uses[i] >= 2 ? 2 : uses[i] + (ends ? 2 : 1)
            }
        }
        for r in restrictions {
            if let v = r.viaNode, let i = nodeTable.index(of: v) { uses[i] = 2 }
        }
        var graphNode = [Int32](repeating: -1, count: n)
        var out = RoadNetwork()
        var blocked = [Bool](repeating: false, count: n)
        for id in blockingNodes { if let i = nodeTable.index(of: id) { blocked[i] = true } }

        func coordinate(_ i: Int) throws(GeoKernelError) -> Coordinate {
            do {
                return try Coordinate(latitude: nodeTable.latitudes[i], longitude: nodeTable.longitudes[i])
            } catch {
                throw GeoKernelError(.parse, "node \(nodeTable.ids[i]): \(error.message)")
            }
        }
        func newNode(_ c: Coordinate) throws(GeoKernelError) -> Int {
            guard out.nodes.count < Int(Int32.max) - 1 else {
                throw GeoKernelError(.capacity, "more than 2^31 - 1 graph nodes")
            }
            out.nodes.append(c)
            return out.nodes.count - 1
        }
        func node(for i: Int) throws(GeoKernelError) -> Int {
            if graphNode[i] >= 0 { return Int(graphNode[i]) }
            let g = try newNode(try coordinate(i))
            graphNode[i] = Int32(g)
            return g
        }

        // Degenerate ways collapse, so the graph grows with the distinct road pieces read, not
        // with repetitions: a node repeated in a row adds no zero-length piece (nor makes a
        // junction), and a way that comes back over a piece it already has (A B A B …) adds
        // no parallel copy of it.
        var lastWay = [Int32](repeating: -1, count: n)  // the way that last visited each node
        for (w, way) in ways.enumerated() {
            var revisits = false
            for k in way.refs where resolved[k] >= 0 {
                let ri = Int(resolved[k])
                if lastWay[ri] == Int32(w) && k != way.refs.upperBound - 1 { revisits = true }
                lastWay[ri] = Int32(w)
            }
            // Edges of this way by their end nodes (lower, higher), kept only when it revisits.
            var piecesByEnds: [Int64: [Int]] = [:]
            var start = -1  // graph node where the open edge starts, -1 when none is open
            var startID: Int64 = 0  // its OSM node id (0 at a barrier's new node)
            var shape: [Coordinate] = []
            var previous = -1  // table index of the previous resolved node of this way
            /// Whether the way already has this piece in this direction (or both ways).
            func repeats(_ from: Int, _ to: Int) -> Bool {
                let key = Int64(min(from, to)) << 32 | Int64(max(from, to))
                for e in piecesByEnds[key, default: []] {
                    let old = out.edges[e]
                    if old.from == from && old.to == to && old.geometry == shape { return true }
                    if old.from == to && old.to == from && old.geometry.elementsEqual(shape.reversed()) && old.backward != nil {
                        return true
                    }
                }
                piecesByEnds[key, default: []].append(out.edges.count)
                return false
            }
            func close(at end: Int) {
                if start >= 0, shape.count >= 2, !(start == end && shape.allSatisfy({ $0 == shape[0] })) {
                    if revisits && repeats(start, end) {
                        report.repeatedPieces += 1
                        start = -1
                        shape.removeAll(keepingCapacity: true)
                        return
                    }
                    var signs = way.signs
                    signs.junctionRef = junctionRefs[startID] ?? ""
                    out.edges.append(RoadNetwork.Edge(
                        from: start, to: end, geometry: shape, forward: way.travel.forward,
                        backward: way.travel.backward, name: way.name, ref: way.ref,
                        roadClass: way.travel.roadClass, isRoundabout: way.travel.isRoundabout, wayID: way.id, signs: signs))
                }
                start = -1
                shape.removeAll(keepingCapacity: true)
            }
            for k in way.refs {
                let ri = Int(resolved[k])
                guard ri >= 0 else {
                    // The way leaves the extract: end the open edge at the last node seen.
                    if start >= 0, previous >= 0 { close(at: try node(for: previous)) }
                    start = -1
                    shape.removeAll(keepingCapacity: true)
                    previous = -1
                    continue
                }
                let c = try coordinate(ri)
                if blocked[ri] {
                    report.blockingBarriers += 1
                    if start >= 0 {
                        shape.append(c)
                        close(at: try newNode(c))
                    }
                    // The road goes on from a node of its own at the barrier's position.
                    if k < way.refs.upperBound - 1 {
                        start = try newNode(c)
                        startID = 0
                        shape = [c]
                    } else {
                        start = -1
                        shape.removeAll(keepingCapacity: true)
                    }
                    previous = -1
                    continue
                }
                if start < 0 {
                    start = try node(for: ri)
                    startID = refs[k]
                    shape = [c]
                } else {
                    if refs[k] == refs[k - 1] { report.repeatedPieces += 1 } else { shape.append(c) }
                    if uses[ri] >= 2 || k == way.refs.upperBound - 1 {
                        let end = try node(for: ri)
                        close(at: end)
                        start = end
                        startID = refs[k]
                        shape = [c]
                    }
                }
                previous = ri
            }
            // A way whose last node is missing leaves an open edge: end it at its last node.
            if start >= 0, shape.count >= 2, previous >= 0 { close(at: try node(for: previous)) }
        }
        resolveRestrictions(&out, graphNode: graphNode)
        out.turnCosts = profile.turnCosts
        report.nodes = out.nodes.count
        report.edges = out.edges.count
        return (out, report)
    }
}
