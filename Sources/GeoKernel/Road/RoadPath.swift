/// A route on a `RoadGraph` from one snap to another.
///
/// `geometry` starts at the start snap's point and ends at the target snap's point, with
/// no vertex repeated at the joints between edges. `pieces` lists the traversed edges in
/// order; consecutive pieces share their joint vertex in `geometry`.
///
/// Units: metres, seconds, degrees. Earth model: sphere (haversine lengths).
/// Thread safety: a value; `Sendable`. C twin: the legs of a road route plan (`gk_route_leg`, `gk_route_leg_geometry`).
/// \since 0.2
public struct RoadPath: Sendable, Hashable {
    /// One traversed edge, whole or partial.
    public struct Piece: Sendable, Hashable {
        /// The edge.
        public var edge: Int
        /// True when travelled from its `from` node to its `to` node.
        public var forward: Bool
        /// The vertices of `geometry` this piece covers, joints included.
        public var geometryRange: Range<Int>
        /// Length in metres travelled on the edge: the edge's length rounded to the
        /// centimetre (the `.shortest` metric's weight), proportional for a partial edge.
        /// A route's length is the sum of its pieces', so a `.shortest` route's length
        /// equals its cost (and the matrix's cost for the same points) exactly.
        public var lengthMeters: Double
        /// Travel time in seconds on the edge: the router's millisecond weight,
        /// proportional for a partial edge.
        public var durationSeconds: Double
        /// True for the first or last piece when it covers only part of its edge.
        public var isPartial: Bool
        /// The cost in seconds of the turn onto this piece from the one before (the graph's
        /// turn model, `TurnCosts`; 0 for the first piece). Not part of `durationSeconds`.
        public var turnSeconds: Double
        /// The integer weight of the piece in the route's metric.
        package var weight: UInt64
    }

    /// The metric the route minimises.
    public let metric: RoadMetric
    /// The minimised cost: metres for `.shortest`, seconds for `.fastest` (the sum of
    /// the pieces' integer weights: centimetres or milliseconds).
    public let cost: Double
    /// Total length in metres.
    public let lengthMeters: Double
    /// Total travel time in seconds, turns included (for `.fastest` routes, equal to `cost`).
    public let durationSeconds: Double
    /// The part of `durationSeconds` spent turning (the sum of the turns' costs).
    public let turnSeconds: Double
    /// The polyline, from the start snap's point to the target snap's point.
    public let geometry: [Coordinate]
    /// The traversed edges in order.
    public let pieces: [Piece]
    /// The cost in integer weight units.
    package let weight: UInt64
}

extension RoadGraphStorage {
    /// The path along one arc from `s` to `t` (both on its edge, `t` ahead).
    package func path(_ m: RoadMetric, _ s: RoadSnap, _ t: RoadSnap, direct a: UInt32, cost: UInt64) -> RoadPath {
        path(m, s, t, first: a, middle: [], last: a, turnMs: [0], direct: true, cost: cost)
    }

    /// The path that leaves `s` in state `x` (a forward seed) and takes `turnList` in
    /// order, the last of them onto the target's arc.
    package func path(
        _ m: RoadMetric, _ s: RoadSnap, _ t: RoadSnap, state x: UInt32, turns turnList: [UInt32], cost: UInt64
    ) -> RoadPath {
        var arcs = [turns.stateArc[Int(x)]], ms: [UInt64] = [0]
        arcs.reserveCapacity(turnList.count + 1)
        ms.reserveCapacity(turnList.count + 1)
        for i in turnList {
            arcs.append(turns.stateArc[Int(turns.turnTo[Int(i)])])
            ms.append(UInt64(turns.turnCost[Int(i)]))
        }
        return path(
            m, s, t, first: arcs[0], middle: arcs[1..<(arcs.count - 1)], last: arcs[arcs.count - 1], turnMs: ms,
            direct: false, cost: cost)
    }

    /// Builds the path: the start snap leaves along `first`, then the whole arcs
    /// `middle`, then `last` arrives at the target snap; `turnMs[k]` is the turn onto the
    /// k-th of these arcs. With `direct`, the route is the single arc `first` from `s` to `t`.
    private func path(
        _ m: RoadMetric, _ s: RoadSnap, _ t: RoadSnap, first: UInt32, middle: ArraySlice<UInt32>, last: UInt32,
        turnMs: [UInt64], direct: Bool, cost: UInt64
    ) -> RoadPath {
        // Written once into exact storage: at most every vertex of the whole arcs, the two
        // partial edges and the two snap points.
        var capacity = 2 + Int(geomFirst[s.edge + 1] - geomFirst[s.edge]) + Int(geomFirst[t.edge + 1] - geomFirst[t.edge])
        for a in middle { capacity += Int(geomFirst[Int(a >> 1) + 1] - geomFirst[Int(a >> 1)]) }
        var pieces: [RoadPath.Piece] = [], centimetres: UInt64 = 0
        let geometry = [Coordinate](unsafeUninitializedCapacity: capacity) { buffer, written in
            var out = PathWriter(buffer, pieces: middle.count + 2)
            out.append(s.point)
            let nS = Int(geomFirst[s.edge + 1] - geomFirst[s.edge])
            if direct {
                let e = s.edge, start = out.count - 1
                let ms = weightInto(t, first, .fastest) - weightInto(s, first, .fastest)
                if first & 1 == 0 {
                    if s.segment + 1 <= t.segment { appendVertices(of: e, s.segment + 1, t.segment, to: &out) }
                } else if t.segment + 1 <= s.segment {
                    appendVertices(of: e, s.segment, t.segment + 1, to: &out)
                }
                out.append(t.point)
                let cm = weightInto(t, first, .shortest) - weightInto(s, first, .shortest)
                out.piece(first, from: start, cm, cost, ms, turn: 0, partial: true)
            } else {
                let w0 = weightOut(s, first, m), len0 = edgeLength[s.edge] - offset(s, along: first)
                if w0 > 0 || len0 > 0 {
                    let start = out.count - 1
                    if first & 1 == 0 {
                        if s.segment + 1 < nS { appendVertices(of: s.edge, s.segment + 1, nS - 1, to: &out) }
                    } else {
                        appendVertices(of: s.edge, s.segment, 0, to: &out)
                    }
                    out.piece(first, from: start, weightOut(s, first, .shortest), w0, weightOut(s, first, .fastest), turn: 0, partial: true)
                }
                var k = 1, pendingTurn: UInt64 = 0  // the turn onto a piece left out goes to the next one
                for a in middle {
                    let e = Int(a >> 1), n = Int(geomFirst[e + 1] - geomFirst[e]), start = out.count - 1
                    if a & 1 == 0 { appendVertices(of: e, 1, n - 1, to: &out) } else { appendVertices(of: e, n - 2, 0, to: &out) }
                    out.piece(
                        a, from: start, UInt64(edgeDist[e]), UInt64(weight(a, m)), UInt64(arcTime[Int(a)]),
                        turn: turnMs[k] + pendingTurn, partial: false)
                    pendingTurn = 0
                    k += 1
                }
                pendingTurn += turnMs[k]
                let w1 = weightInto(t, last, m), len1 = offset(t, along: last)
                let nT = Int(geomFirst[t.edge + 1] - geomFirst[t.edge])
                if w1 > 0 || len1 > 0 || out.pieces.isEmpty {
                    let start = out.count - 1
                    if last & 1 == 0 {
                        appendVertices(of: t.edge, 0, t.segment, to: &out)
                    } else if nT - 1 >= t.segment + 1 {
                        appendVertices(of: t.edge, nT - 1, t.segment + 1, to: &out)
                    }
                    out.append(t.point)
                    out.piece(last, from: start, weightInto(t, last, .shortest), w1, weightInto(t, last, .fastest), turn: pendingTurn, partial: true)
                } else {
                    out.append(t.point)
                }
            }
            if out.count == 1 { out.append(t.point, evenIfRepeated: true) }
            written = out.count
            pieces = out.pieces
            centimetres = out.centimetres
        }
        let turnSeconds = Double(turnMs.reduce(0, +)) * 0.001
        return RoadPath(
            metric: m, cost: Double(cost) * m.unitsPerWeight, lengthMeters: Double(centimetres) * RoadMetric.shortest.unitsPerWeight,
            durationSeconds: pieces.reduce(0) { $0 + $1.durationSeconds } + turnSeconds, turnSeconds: turnSeconds,
            geometry: geometry, pieces: pieces, weight: cost)
    }

    /// Appends vertices `k0` through `k1` of edge `e` (descending when `k0 > k1`) to
    /// `geometry`, skipping any vertex equal to the one before it. Indices come from a
    /// validated graph and a checked snap.
    @inline(__always)
    func appendVertices(of e: Int, _ k0: Int, _ k1: Int, to geometry: inout PathWriter) {
        let base = Int(geomFirst[e])
        let step = k0 <= k1 ? 1 : -1
        let count = abs(k1 - k0) + 1
        precondition(min(k0, k1) >= 0 && base + max(k0, k1) < Int(geomFirst[e + 1]), "vertex outside edge \(e)")
        // The precondition bounds every vertex read below (the graph's validation checks
        // that `geomFirst` spans `geom`), so the loop reads the raw buffer.
        geom.withUnsafeBufferPointer { g in
            var v = base &+ k0
            for _ in 0..<count {
                geometry.append(Self.coordinate(g[2 &* v], g[2 &* v &+ 1]))
                v &+= step
            }
        }
    }
}

/// Writes a path's vertices into storage reserved for them, skipping a vertex equal to
/// the one before it (no capacity or uniqueness checks per vertex, one bounds check), and
/// collects its pieces.
struct PathWriter {
    private let base: UnsafeMutablePointer<Coordinate>
    private let capacity: Int
    private(set) var count = 0
    private(set) var pieces: [RoadPath.Piece] = []
    /// The pieces' lengths so far, centimetres.
    private(set) var centimetres: UInt64 = 0

    init(_ buffer: UnsafeMutableBufferPointer<Coordinate>, pieces: Int) {
        base = buffer.baseAddress!
        capacity = buffer.count
        self.pieces.reserveCapacity(pieces)
    }

    @inline(__always)
    mutating func append(_ c: Coordinate, evenIfRepeated: Bool = false) {
        if !evenIfRepeated, count > 0, base[count - 1] == c { return }
        precondition(count < capacity, "path geometry exceeds its reserved size")
        (base + count).initialize(to: c)
        count += 1
    }

    /// Records arc `a` as the piece covering the vertices from `start` (its joint with
    /// the previous piece) to the last written; `cm` its length weight (centimetres), `w`
    /// its weight in the route's metric, `ms` the time weight, `turn` the turn onto it in
    /// milliseconds.
    mutating func piece(
        _ a: UInt32, from start: Int, _ cm: UInt64, _ w: UInt64, _ ms: UInt64, turn: UInt64, partial: Bool
    ) {
        centimetres += cm
        pieces.append(RoadPath.Piece(
            edge: Int(a >> 1), forward: a & 1 == 0, geometryRange: start..<count,
            lengthMeters: Double(cm) * RoadMetric.shortest.unitsPerWeight,
            durationSeconds: Double(ms) * 0.001, isPartial: partial, turnSeconds: Double(turn) * 0.001, weight: w))
    }
}
