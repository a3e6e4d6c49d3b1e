/// A route on a `RoadGraph` from one snap to another.
///
/// `geometry` starts at the start snap's point and ends at the target snap's point, with
/// no vertex repeated at the joints between edges. `pieces` lists the traversed edges in
/// order; consecutive pieces share their joint vertex in `geometry`.
///
/// Units: metres, seconds, degrees. Earth model: sphere (haversine lengths).
/// Thread safety: a value; `Sendable`. C twin: the legs of a road route plan (`gk_route_leg`, `gk_route_leg_geometry`).
/// - Since: 0.2
public struct RoadPath: Sendable, Hashable {
    /// One traversed edge, whole or partial.
    public struct Piece: Sendable, Hashable {
        /// The edge.
        public var edge: Int
        /// True when travelled from its `from` node to its `to` node.
        public var forward: Bool
        /// The vertices of `geometry` this piece covers, joints included.
        public var geometryRange: Range<Int>
        /// Length in metres travelled on the edge (proportional for a partial edge).
        public var lengthMeters: Double
        /// Travel time in seconds on the edge: the router's millisecond weight,
        /// proportional for a partial edge.
        public var durationSeconds: Double
        /// True for the first or last piece when it covers only part of its edge.
        public var isPartial: Bool
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
    /// Total travel time in seconds (for `.fastest` routes, equal to `cost`).
    public let durationSeconds: Double
    /// The polyline, from the start snap's point to the target snap's point.
    public let geometry: [Coordinate]
    /// The traversed edges in order.
    public let pieces: [Piece]
    /// The cost in integer weight units.
    package let weight: UInt64
}

extension RoadGraphStorage {
    /// Builds the path: the start snap leaves along `first`, then the whole arcs
    /// `middle`, then `last` arrives at the target snap. With `direct`, the route is
    /// the single arc `first` from `s` to `t`.
    package func path(
        _ m: RoadMetric, _ s: RoadSnap, _ t: RoadSnap, first: UInt32, middle: ArraySlice<UInt32>, last: UInt32,
        direct: Bool, cost: UInt64
    ) -> RoadPath {
        var geometry: [Coordinate] = []
        var pieces: [RoadPath.Piece] = []
        // Reserve once: every vertex of the whole arcs plus the two partial edges.
        var capacity = 2 + Int(geomFirst[s.edge + 1] - geomFirst[s.edge]) + Int(geomFirst[t.edge + 1] - geomFirst[t.edge])
        for a in middle { capacity += Int(geomFirst[Int(a >> 1) + 1] - geomFirst[Int(a >> 1)]) }
        geometry.reserveCapacity(capacity)
        pieces.reserveCapacity(middle.count + 2)
        geometry.append(s.point)
        func append(_ c: Coordinate) { if geometry.last != c { geometry.append(c) } }
        /// Appends vertices `k0` to `k1` of edge `e` (descending when `k0 > k1`).
        func run(_ e: Int, _ k0: Int, _ k1: Int) { appendVertices(of: e, k0, k1, to: &geometry) }
        /// `w` in the metric, `ms` the time weight (the same shared partial function).
        func piece(_ a: UInt32, _ length: Double, _ w: UInt64, _ ms: UInt64, partial: Bool, _ vertices: () -> Void) {
            let start = geometry.count - 1
            vertices()
            pieces.append(RoadPath.Piece(
                edge: Int(a >> 1), forward: a & 1 == 0, geometryRange: start..<geometry.count, lengthMeters: length,
                durationSeconds: Double(ms) * 0.001, isPartial: partial, weight: w))
        }
        let nS = Int(geomFirst[s.edge + 1] - geomFirst[s.edge])
        if direct {
            let e = s.edge, fwd = first & 1 == 0
            let ms = weightInto(t, first, .fastest) - weightInto(s, first, .fastest)
            piece(first, abs(t.offsetMeters - s.offsetMeters), cost, ms, partial: true) {
                if fwd {
                    if s.segment + 1 <= t.segment { run(e, s.segment + 1, t.segment) }
                } else if t.segment + 1 <= s.segment {
                    run(e, s.segment, t.segment + 1)
                }
                append(t.point)
            }
        } else {
            let w0 = weightOut(s, first, m), len0 = edgeLength[s.edge] - offset(s, along: first)
            if w0 > 0 || len0 > 0 {
                piece(first, len0, w0, weightOut(s, first, .fastest), partial: true) {
                    if first & 1 == 0 {
                        if s.segment + 1 < nS { run(s.edge, s.segment + 1, nS - 1) }
                    } else {
                        run(s.edge, s.segment, 0)
                    }
                }
            }
            for a in middle {
                let e = Int(a >> 1), n = Int(geomFirst[e + 1] - geomFirst[e])
                piece(a, edgeLength[e], UInt64(weight(a, m)), UInt64(arcTime[Int(a)]), partial: false) {
                    if a & 1 == 0 { run(e, 1, n - 1) } else { run(e, n - 2, 0) }
                }
            }
            let w1 = weightInto(t, last, m), len1 = offset(t, along: last)
            let nT = Int(geomFirst[t.edge + 1] - geomFirst[t.edge])
            if w1 > 0 || len1 > 0 || pieces.isEmpty {
                piece(last, len1, w1, weightInto(t, last, .fastest), partial: true) {
                    if last & 1 == 0 {
                        run(t.edge, 0, t.segment)
                    } else if nT - 1 >= t.segment + 1 {
                        run(t.edge, nT - 1, t.segment + 1)
                    }
                    append(t.point)
                }
            } else {
                append(t.point)
            }
        }
        if geometry.count == 1 { geometry.append(t.point) }
        return RoadPath(
            metric: m, cost: Double(cost) * m.unitsPerWeight, lengthMeters: pieces.reduce(0) { $0 + $1.lengthMeters },
            durationSeconds: pieces.reduce(0) { $0 + $1.durationSeconds }, geometry: geometry, pieces: pieces,
            weight: cost)
    }

    /// Appends vertices `k0` through `k1` of edge `e` (descending when `k0 > k1`) to
    /// `geometry`, skipping any vertex equal to the one before it. Indices come from a
    /// validated graph and a checked snap.
    @inline(__always)
    func appendVertices(of e: Int, _ k0: Int, _ k1: Int, to geometry: inout [Coordinate]) {
        let base = Int(geomFirst[e])
        let step = k0 <= k1 ? 1 : -1
        let count = abs(k1 - k0) + 1
        precondition(min(k0, k1) >= 0 && base + max(k0, k1) < Int(geomFirst[e + 1]), "vertex outside edge \(e)")
        var last = geometry.last
        var v = base + k0
        for _ in 0..<count {
            let c = coordinate(vertex: v)
            if c != last {
                geometry.append(c)
                last = c
            }
            v += step
        }
    }
}
