#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
            let name = graph.edgeNameID(p.edge), ref = graph.edgeRefID(p.edge)
            let road = Road(
                name: name, hasName: !graph.isEmptyString(id: name), ref: ref, hasRef: !graph.isEmptyString(id: ref),
                roadClass: graph.edgeClass(p.edge))
            out.append(Piece(
                edge: p.edge, forward: p.forward, range: range, length: p.lengthMeters, duration: p.durationSeconds,
                road: road, roundabout: graph.edgeIsRoundabout(p.edge), inBearing: leavingBearing(line),
                outBearing: arrivingBearing(line)))
        }
        return out
    }

    /// Headings are measured in a local plane (x east = Δlongitude · cos φ, y north =
    /// Δlatitude, in degrees of arc): over 20 m its bearing differs from the spherical
    /// initial bearing by far less than the 22.5° of a compass point, at a fraction of
    /// the cost (one cosine per polyline instead of trigonometry per vertex).
    struct LocalPlane {
        let cosLatitude: Double
        init(_ c: Coordinate) { cosLatitude = cos(c.latitude * .pi / 180) }

        /// The offset from `a` to `b` in metres (east, north).
        @inline(__always)
        func offset(_ a: Coordinate, _ b: Coordinate) -> (x: Double, y: Double) {
            var dLon = b.longitude - a.longitude
            if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
            let metersPerDegree = EarthModel.meanRadiusMeters * .pi / 180
            return (dLon * cosLatitude * metersPerDegree, (b.latitude - a.latitude) * metersPerDegree)
        }

        /// The bearing (degrees clockwise from north, [0, 360)) of an offset.
        static func bearing(_ x: Double, _ y: Double) -> Double {
            let b = atan2(x, y) * 180 / .pi
            return b < 0 ? b + 360 : b
        }
    }

    /// The bearing of travel along `vertex(0), vertex(1), …` (`count` vertices) towards
    /// the first vertex at least `headingMeters` from the start (or the last one).
    @inline(__always)
    static func heading(count: Int, _ vertex: (Int) -> Coordinate) -> Double {
        guard count >= 2 else { return 0 }
        let a = vertex(0), plane = LocalPlane(a)
        var x = 0.0, y = 0.0
        for k in 1..<count {
            (x, y) = plane.offset(a, vertex(k))
            if x * x + y * y >= headingMeters * headingMeters { break }
        }
        return x == 0 && y == 0 ? 0 : LocalPlane.bearing(x, y)
    }

    /// The bearing of travel at the start of a polyline.
    static func leavingBearing(_ line: ArraySlice<Coordinate>) -> Double {
        let lo = line.startIndex
        return heading(count: line.count) { line[lo + $0] }
    }

    /// The bearing of travel at the end of a polyline: arriving at its last vertex.
    static func arrivingBearing(_ line: ArraySlice<Coordinate>) -> Double {
        let hi = line.endIndex - 1
        let back = heading(count: line.count) { line[hi - $0] }
        return (back + 180).truncatingRemainder(dividingBy: 360)
    }

    /// The bearing of leaving an edge from one of its ends (its `from` end when
    /// `forward`), reading vertices in place.
    static func leavingBearing(of edge: Int, forward: Bool, _ graph: RoadGraph) -> Double {
        let n = graph.edgeVertexCount(edge)
        return heading(count: n) { graph.edgeVertex(edge, forward ? $0 : n - 1 - $0) }
    }

    /// The node where `p` ends: the junction a traveller on `p` decides at (at a
    /// restricted junction, the node of `p`'s own road end, whose connectors are the
    /// allowed turns).
    static func junction(after p: Piece, _ graph: RoadGraph) -> Int {
        let ends = graph.edgeEndpoints(p.edge)
        return p.forward ? ends.to : ends.from
    }

    /// The other roads a traveller arriving on `p` could take at the junction where `q`
    /// begins: every edge that may be left along, except `q` itself and `p` back the way
    /// it came. Connectors of restricted junctions are looked through (their far ends'
    /// roads count, when the turn is allowed). Returns how many there are and the turn
    /// angle (relative to `p`'s arriving heading) of the first one.
    static func alternatives(at q: Piece, arrivingOn p: Piece, _ graph: RoadGraph) -> (count: Int, firstAngle: Double) {
        var count = 0, first = 0.0
        forEachReachable(from: junction(after: p, graph), graph) { inc in
            if inc.edge == q.edge && inc.leavesForward == q.forward { return }
            if inc.edge == p.edge && inc.leavesForward != p.forward { return }  // back the way it came
            if count == 0 {
                first = signedTurn(from: p.outBearing, to: leavingBearing(of: inc.edge, forward: inc.leavesForward, graph))
            }
            count += 1
        }
        return (count, first)
    }

    /// The exits a roundabout offers at the node where `p` ends: roads that may be left
    /// along and are not part of the roundabout.
    static func exits(at q: Piece, arrivingOn p: Piece, _ graph: RoadGraph) -> Int {
        var n = 0
        forEachReachable(from: junction(after: p, graph), graph) { if !graph.edgeIsRoundabout($0.edge) { n += 1 } }
        return n
    }

    /// Calls `body` with the incidences that may be left along from `node`, looking
    /// through zero-length connectors (a connector's far node is a road end at the same
    /// place). Allocates nothing.
    static func forEachReachable(from node: Int, _ graph: RoadGraph, _ body: (RoadGraph.Incidence) -> Void) {
        graph.forEachIncidence(at: node) { inc in
            guard inc.canLeave else { return }
            if graph.edgeLengthMeters(inc.edge) > 0 {
                body(inc)
                return
            }
            let ends = graph.edgeEndpoints(inc.edge)
            let far = inc.leavesForward ? ends.to : ends.from
            graph.forEachIncidence(at: far) { next in
                if next.canLeave && graph.edgeLengthMeters(next.edge) > 0 { body(next) }
            }
        }
    }
}
