import GeoKernel

extension RoadDirections {
    /// Metres over which an edge's heading is measured at its ends (bends inside a
    /// junction's first metres must not decide the turn).
    static let headingMeters = 20.0

    /// The path's pieces with roads and headings; zero-length pieces (the connectors of
    /// restricted junctions) are dropped.
    static func makePieces(_ path: RoadPath, _ graph: RoadGraph) -> [Piece] {
        var out: [Piece] = []
        for p in path.pieces where p.lengthMeters > 0 && p.geometryRange.count >= 2 {
            let range = p.geometryRange.lowerBound...(p.geometryRange.upperBound - 1)
            let line = path.geometry[range]
            let road = Road(name: graph.edgeName(p.edge), ref: graph.edgeRef(p.edge), roadClass: graph.edgeClass(p.edge))
            out.append(Piece(
                edge: p.edge, forward: p.forward, range: range, length: p.lengthMeters, duration: p.durationSeconds,
                road: road, roundabout: graph.edgeIsRoundabout(p.edge), inBearing: leavingBearing(line),
                outBearing: arrivingBearing(line)))
        }
        return out
    }

    /// The bearing of travel at the start of a polyline: towards the first vertex at
    /// least `headingMeters` along (or the last one).
    static func leavingBearing<C: BidirectionalCollection>(_ line: C) -> Double where C.Element == Coordinate {
        guard let a = line.first else { return 0 }
        var walked = 0.0, previous = a
        for c in line.dropFirst() {
            walked += haversineDistance(previous, c)
            previous = c
            if walked >= headingMeters { break }
        }
        return previous == a ? 0 : a.initialBearing(to: previous)
    }

    /// The bearing of leaving an edge from one of its ends (its `from` end when
    /// `forward`), over its first `headingMeters`, reading vertices in place.
    static func leavingBearing(of edge: Int, forward: Bool, _ graph: RoadGraph) -> Double {
        let n = graph.edgeVertexCount(edge)
        func vertex(_ k: Int) -> Coordinate { graph.edgeVertex(edge, forward ? k : n - 1 - k) }
        let a = vertex(0)
        var walked = 0.0, previous = a
        for k in 1..<n {
            let c = vertex(k)
            walked += haversineDistance(previous, c)
            previous = c
            if walked >= headingMeters { break }
        }
        return previous == a ? 0 : a.initialBearing(to: previous)
    }

    /// The bearing of travel at the end of a polyline: from the last vertex at least
    /// `headingMeters` before its end.
    static func arrivingBearing<C: BidirectionalCollection>(_ line: C) -> Double where C.Element == Coordinate {
        guard let z = line.last else { return 0 }
        var walked = 0.0, next = z
        for c in line.reversed().dropFirst() {
            walked += haversineDistance(c, next)
            next = c
            if walked >= headingMeters { break }
        }
        guard next != z else { return 0 }
        return (z.initialBearing(to: next) + 180).truncatingRemainder(dividingBy: 360)
    }

    /// The node where `p` ends: the junction a traveller on `p` decides at (at a
    /// restricted junction, the node of `p`'s own road end, whose connectors are the
    /// allowed turns).
    static func junction(after p: Piece, _ graph: RoadGraph) -> Int {
        let ends = graph.edgeEndpoints(p.edge)
        return p.forward ? ends.to : ends.from
    }

    /// The other roads a traveller arriving on `p` could take at the junction where `q`
    /// begins, as their leaving bearings: every edge that may be left along, except `q`
    /// itself and `p` back the way it came. Connectors of restricted junctions are
    /// looked through (their far ends' roads count, when the turn is allowed).
    static func alternatives(at q: Piece, arrivingOn p: Piece, _ graph: RoadGraph) -> [Double] {
        var bearings: [Double] = []
        for inc in reachable(from: junction(after: p, graph), graph) {
            if inc.edge == q.edge && inc.leavesForward == q.forward { continue }
            if inc.edge == p.edge && inc.leavesForward != p.forward { continue }  // back the way it came
            bearings.append(leavingBearing(of: inc.edge, forward: inc.leavesForward, graph))
        }
        return bearings
    }

    /// The exits a roundabout offers at the node where `q` (a roundabout edge) begins:
    /// roads that may be left along and are not part of the roundabout.
    static func exits(at q: Piece, arrivingOn p: Piece, _ graph: RoadGraph) -> Int {
        reachable(from: junction(after: p, graph), graph).filter { !graph.edgeIsRoundabout($0.edge) }.count
    }

    /// The incidences that may be left along from `node`, looking through zero-length
    /// connectors (at most two hops; a connector's far node is a road end at the same
    /// place).
    static func reachable(from node: Int, _ graph: RoadGraph) -> [RoadGraph.Incidence] {
        var out: [RoadGraph.Incidence] = []
        for inc in graph.edges(at: node) where inc.canLeave {
            if graph.edgeLengthMeters(inc.edge) > 0 {
                out.append(inc)
                continue
            }
            let ends = graph.edgeEndpoints(inc.edge)
            let far = inc.leavesForward ? ends.to : ends.from
            for next in graph.edges(at: far) where next.canLeave && graph.edgeLengthMeters(next.edge) > 0 {
                let e = graph.edgeEndpoints(next.edge)
                // Only the road end that belongs to `far` (not the road back to `node`).
                if (next.leavesForward ? e.from : e.to) == far { out.append(next) }
            }
        }
        return out
    }
}
