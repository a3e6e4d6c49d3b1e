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

    /// The path's pieces with roads and headings; zero-length pieces are dropped. A
    /// piece's duration includes the turn onto it (the turn onto a dropped piece goes to
    /// the next one, or the last), so that the pieces' durations add up to the path's.
    static func makePieces(_ path: RoadPath, _ graph: RoadGraph, _ plane: LocalPlane) -> [Piece] {
        var out: [Piece] = []
        out.reserveCapacity(path.pieces.count)
        var pendingTurn = 0.0
        for p in path.pieces {
            pendingTurn += p.turnSeconds
            guard p.lengthMeters > 0 && p.geometryRange.count >= 2 else { continue }
            let range = p.geometryRange.lowerBound...(p.geometryRange.upperBound - 1)
            let line = path.geometry[range]
            let name = graph.edgeNameID(p.edge), ref = graph.edgeRefID(p.edge)
            var road = Road(
                name: name, hasName: !graph.isEmptyString(id: name), ref: ref, hasRef: !graph.isEmptyString(id: ref),
                roadClass: graph.edgeClass(p.edge))
            // Destinations are tagged for the way's direction.
            if p.forward {
                road.destination = graph.edgeSignID(p.edge, 0)
                road.destinationRef = graph.edgeSignID(p.edge, 1)
            }
            out.append(Piece(
                edge: p.edge, forward: p.forward, range: range, length: p.lengthMeters,
                duration: p.durationSeconds + pendingTurn,
                road: road, roundabout: graph.edgeIsRoundabout(p.edge), inBearing: leavingBearing(line, plane),
                outBearing: arrivingBearing(line, plane),
                junctionRef: p.forward ? graph.edgeSignID(p.edge, 2) : 0,
                lanes: graph.edgeSignID(p.edge, p.forward ? 3 : 4)))
            pendingTurn = 0
        }
        pendingTurn += path.turnSeconds - path.pieces.reduce(0) { $0 + $1.turnSeconds }  // a turn the path left out
        if pendingTurn != 0, !out.isEmpty { out[out.count - 1].duration += pendingTurn }
        return out
    }

    /// Headings are measured in a local plane (x east = Δlongitude · cos φ₀, y north =
    /// Δlatitude, metres), with one φ₀ per route: over the 20 m a heading looks at, its
    /// bearing differs from the spherical initial bearing by far less than a degree below
    /// 80° of latitude (a compass point is 45° wide; the turn rules' thresholds are 20° and
    /// more apart), at a fraction of the cost of trigonometry per vertex.
    package struct LocalPlane {
        package let xScale: Double
        static let metersPerDegree = EarthModel.meanRadiusMeters * .pi / 180

        package init(_ c: Coordinate) { xScale = cos(c.latitude * .pi / 180) * Self.metersPerDegree }

        /// The offset from `a` to `b` in metres (east, north).
        @inline(__always)
        package func offset(_ a: Coordinate, _ b: Coordinate) -> (x: Double, y: Double) {
            var dLon = b.longitude - a.longitude
            if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
            return (dLon * xScale, (b.latitude - a.latitude) * Self.metersPerDegree)
        }

        /// The bearing (degrees clockwise from north, [0, 360)) of an offset, by a
        /// minimax polynomial for atan on [0, 1] (error below 0.0002°).
        @inline(__always)
        package static func bearing(_ x: Double, _ y: Double) -> Double {
            let ax = abs(x), ay = abs(y)
            let (lo, hi) = ax < ay ? (ax, ay) : (ay, ax)
            guard hi > 0 else { return 0 }
            let t = lo / hi, t2 = t * t
            var p = -0.0040540580
            p = p * t2 + 0.0218612288
            p = p * t2 - 0.0559098861
            p = p * t2 + 0.0964200441
            p = p * t2 - 0.1390853351
            p = p * t2 + 0.1994653599
            p = p * t2 - 0.3332985605
            p = p * t2 + 0.9999993329
            var a = p * t * (180 / .pi)  // atan(lo / hi) in degrees, [0, 45]
            if ax > ay { a = 90 - a }    // angle from north towards east, [0, 90]
            if y < 0 { a = 180 - a }
            return x < 0 ? (a == 0 ? 0 : 360 - a) : a
        }
    }

    /// The bearing of travel along `vertex(0), vertex(1), …` (`count` vertices) towards
    /// the first vertex at least `headingMeters` from the start (or the last one).
    @inline(__always)
    static func heading(_ plane: LocalPlane, count: Int, _ vertex: (Int) -> Coordinate) -> Double {
        guard count >= 2 else { return 0 }
        let a = vertex(0)
        var x = 0.0, y = 0.0
        for k in 1..<count {
            (x, y) = plane.offset(a, vertex(k))
            if x * x + y * y >= headingMeters * headingMeters { break }
        }
        return LocalPlane.bearing(x, y)
    }

    /// The bearing of travel at the start of a polyline.
    static func leavingBearing(_ line: ArraySlice<Coordinate>, _ plane: LocalPlane) -> Double {
        let lo = line.startIndex
        return heading(plane, count: line.count) { line[lo + $0] }
    }

    /// The bearing of travel at the end of a polyline: arriving at its last vertex.
    static func arrivingBearing(_ line: ArraySlice<Coordinate>, _ plane: LocalPlane) -> Double {
        let hi = line.endIndex - 1
        let back = heading(plane, count: line.count) { line[hi - $0] }
        return (back + 180).truncatingRemainder(dividingBy: 360)
    }

    /// The bearing of leaving an edge from one of its ends (its `from` end when
    /// `forward`), reading vertices in place.
    static func leavingBearing(of edge: Int, forward: Bool, _ plane: LocalPlane, _ graph: RoadGraph) -> Double {
        let n = graph.edgeVertexCount(edge)
        return heading(plane, count: n) { graph.edgeVertex(edge, forward ? $0 : n - 1 - $0) }
    }

    /// The node where `p` ends: the junction a traveller on `p` decides at.
    static func junction(after p: Piece, _ graph: RoadGraph) -> Int {
        let ends = graph.edgeEndpoints(p.edge)
        return p.forward ? ends.to : ends.from
    }

    /// The other roads a traveller arriving on `p` could take at the junction where `q`
    /// begins: every edge that may be left along, except `q` itself and `p` back the way
    /// it came (zero-length edges are looked through). Returns how many there are and the turn
    /// angle (relative to `p`'s arriving heading) of the first one.
    static func alternatives(
        at q: Piece, arrivingOn p: Piece, _ plane: LocalPlane, _ graph: RoadGraph
    ) -> (count: Int, firstAngle: Double) {
        var count = 0, first = 0.0
        forEachReachable(from: junction(after: p, graph), graph) { inc in
            if inc.edge == q.edge && inc.leavesForward == q.forward { return }
            if inc.edge == p.edge && inc.leavesForward != p.forward { return }  // back the way it came
            if count == 0 {
                first = signedTurn(from: p.outBearing, to: leavingBearing(of: inc.edge, forward: inc.leavesForward, plane, graph))
            }
            count += 1
        }
        return (count, first)
    }

    /// The exits a roundabout offers at the node where `p` ends: roads that may be left
    /// along and are not part of the roundabout (one-way streets out of it included: the
    /// graph keeps every street a route can leave by).
    static func exits(at q: Piece, arrivingOn p: Piece, _ graph: RoadGraph) -> Int {
        var n = 0
        forEachReachable(from: junction(after: p, graph), graph) { if !graph.edgeIsRoundabout($0.edge) { n += 1 } }
        return n
    }

    /// Calls `body` with the incidences that may be left along from `node`, looking
    /// through zero-length edges (two OSM nodes at one place). Allocates nothing.
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
