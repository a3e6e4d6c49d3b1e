extension SnapGrid {
    /// Calls `visit(segment, t, distance)` for every segment within `maxDistanceMeters` of
    /// `coordinate` (the cells covering the circle's bounding box, then the exact distance
    /// in the local frame, `SnapFrame`); a segment is visited once.
    ///
    /// - Complexity: O(segments in the cells the circle covers).
    /// - Thread safety: pure.
    package func forEachSegment(
        within maxDistanceMeters: Double, of coordinate: Coordinate, geom: UnsafeBufferPointer<Int32>,
        _ visit: (UInt32, Double, Double) -> Void
    ) {
        guard !geom.isEmpty, maxDistanceMeters >= 0 else { return }
        let frame = SnapFrame(coordinate)
        let dLat = maxDistanceMeters / frame.ky, dLon = frame.kx > 0 ? maxDistanceMeters / frame.kx : 360
        let i0 = Self.index(coordinate.latitude - dLat, lat0, cellLat, rows)
        let i1 = Self.index(coordinate.latitude + dLat, lat0, cellLat, rows)
        let j0 = Self.index(coordinate.longitude - dLon, lon0, cellLon, cols)
        let j1 = Self.index(coordinate.longitude + dLon, lon0, cellLon, cols)
        for i in i0...i1 {
            for j in j0...j1 {
                let cell = i * cols + j
                for k in Int(cellFirst[cell])..<Int(cellFirst[cell + 1]) {
                    let v = cellSeg[k]
                    let (d, t) = frame.distance(geom, segment: Int(v))
                    if d <= maxDistanceMeters { visit(v, t, d) }
                }
            }
        }
    }
}

extension RoadGraph {
    /// The candidate positions of a coordinate on the network: the nearest point of each
    /// stretch of road that passes within `radiusMeters` — one per edge, or more when an
    /// edge passes by more than once (a hairpin bend, a loop) — nearest first, at most
    /// `limit` of them. What a map matcher weighs for each fix (`RoadMatcher`, module
    /// Matching); `snap(_:maxDistanceMeters:)` is the first of them.
    ///
    /// A stretch's point is a local minimum of the distance along the edge: a segment
    /// whose nearest point is nearer than the previous segment's (or the previous one is
    /// beyond the radius) and no farther than the next one's. Distances are those of `snap`
    /// (local equirectangular frame, metres); equal distances keep the lower edge, then
    /// segment, first.
    ///
    /// - Parameters:
    ///   - coordinate: the point (degrees).
    ///   - radiusMeters: how far a candidate may be, metres (0 or more, finite).
    ///   - limit: the most candidates returned (at least 1).
    ///   - role: which edges count (`SnapRole`); `.any` by default.
    /// - Returns: the snaps, nearest first; empty when no edge is that close.
    /// - Throws: `.invalidArgument` for a negative or non-finite radius or a limit below 1.
    /// - Complexity: O(s log s) for the s segments in the grid cells the circle covers.
    /// - Thread safety: pure; concurrent calls allowed. C twin: none yet.
    public func snaps(
        near coordinate: Coordinate, withinMeters radiusMeters: Double, limit: Int = 8, role: SnapRole = .any
    ) throws(GeoKernelError) -> [RoadSnap] {
        guard radiusMeters.isFinite, radiusMeters >= 0 else {
            throw .invalid("the candidate radius \(radiusMeters) m must be 0 or more and finite")
        }
        guard limit >= 1 else { throw .invalid("the candidate limit \(limit) must be at least 1") }
        let s = storage
        let need: UInt8 = role == .any ? 0 : role == .start ? 32 : role == .end ? 64 : 96
        var found: [Segment] = []
        s.geom.withUnsafeBufferPointer { geom in
            s.grid.forEachSegment(within: radiusMeters, of: coordinate, geom: geom) { v, t, d in
                found.append(Segment(v: Int(v), edge: -1, t: t, d: d))
            }
        }
        found.sort { $0.v < $1.v }
        var unique: [Segment] = []  // a segment crossing several cells is met in each
        for f in found where unique.last?.v != f.v {
            let e = edge(ofVertex: f.v)
            if need == 0 || s.edgeFlags[e] & need == need { unique.append(Segment(v: f.v, edge: e, t: f.t, d: f.d)) }
        }
        return candidates(coordinate, unique, limit: limit)
    }

    /// `snaps(near:withinMeters:limit:role:)` by scanning every segment: the reference
    /// for tests.
    @_optimize(size)
    package func snapsBruteForce(near coordinate: Coordinate, withinMeters radius: Double, limit: Int) -> [RoadSnap] {
        let s = storage
        let frame = SnapFrame(coordinate)
        var found: [Segment] = []
        for e in 0..<s.edgeCount {
            for v in Int(s.geomFirst[e])..<(Int(s.geomFirst[e + 1]) - 1) {
                let (d, t) = frame.distance(s.geom, segment: v)
                if d <= radius { found.append(Segment(v: v, edge: e, t: t, d: d)) }
            }
        }
        return candidates(coordinate, found, limit: limit)
    }

    /// A segment within the radius: its first vertex, edge, nearest point's parameter and distance.
    struct Segment {
        let v: Int, edge: Int, t: Double, d: Double
    }

    /// The local minima of `found` (segments in increasing order, each once) along their
    /// edges, nearest first, at most `limit`, as snaps.
    private func candidates(_ coordinate: Coordinate, _ found: [Segment], limit: Int) -> [RoadSnap] {
        var minima: [Segment] = []
        for (k, f) in found.enumerated() {
            let before = k > 0 && found[k - 1].v == f.v - 1 && found[k - 1].edge == f.edge ? found[k - 1].d : .infinity
            let after = k + 1 < found.count && found[k + 1].v == f.v + 1 && found[k + 1].edge == f.edge ? found[k + 1].d : .infinity
            if f.d < before && f.d <= after { minima.append(f) }
        }
        minima.sort { ($0.d, $0.edge, $0.v) < ($1.d, $1.edge, $1.v) }
        return minima.prefix(limit).map { makeSnap(coordinate, segment: $0.v, t: $0.t, distance: $0.d) }
    }
}
