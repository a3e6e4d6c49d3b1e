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
    /// The candidate positions of a coordinate on the network: for every edge that passes
    /// within `radiusMeters`, its nearest point (one snap per edge), nearest first, at most
    /// `limit` of them. What a map matcher weighs for each fix (`RoadMatcher`, module
    /// Route); `snap(_:maxDistanceMeters:)` is the first of them.
    ///
    /// Distances are those of `snap` (local equirectangular frame, metres); equal
    /// distances keep the lower edge first.
    ///
    /// - Parameters:
    ///   - coordinate: the point (degrees).
    ///   - radiusMeters: how far a candidate may be, metres (0 or more, finite).
    ///   - limit: the most candidates returned (at least 1).
    ///   - role: which edges count (`SnapRole`); `.any` by default.
    /// - Returns: the snaps, nearest first; empty when no edge is that close.
    /// - Throws: `.invalidArgument` for a negative or non-finite radius or a limit below 1.
    /// - Complexity: O(segments in the grid cells the circle covers + c log c) for c
    ///   candidates found.
    /// - Thread safety: pure; concurrent calls allowed. C twin: none yet (the matcher's
    ///   C entry points use it).
    public func snaps(
        near coordinate: Coordinate, withinMeters radiusMeters: Double, limit: Int = 8, role: SnapRole = .any
    ) throws(GeoKernelError) -> [RoadSnap] {
        guard radiusMeters.isFinite, radiusMeters >= 0 else {
            throw .invalid("the candidate radius \(radiusMeters) m must be 0 or more and finite")
        }
        guard limit >= 1 else { throw .invalid("the candidate limit \(limit) must be at least 1") }
        let s = storage
        let need: UInt8 = role == .any ? 0 : role == .start ? 32 : role == .end ? 64 : 96
        // The nearest segment of each edge met: (distance, edge, segment, t).
        var best: [(d: Double, edge: Int, segment: UInt32, t: Double)] = []
        s.geom.withUnsafeBufferPointer { geom in
            s.grid.forEachSegment(within: radiusMeters, of: coordinate, geom: geom) { v, t, d in
                let e = edge(ofVertex: Int(v))
                guard need == 0 || s.edgeFlags[e] & need == need else { return }
                if let k = best.firstIndex(where: { $0.edge == e }) {
                    if d < best[k].d || (d == best[k].d && v < best[k].segment) { best[k] = (d, e, v, t) }
                } else {
                    best.append((d, e, v, t))
                }
            }
        }
        best.sort { ($0.d, $0.edge) < ($1.d, $1.edge) }
        return best.prefix(limit).map { makeSnap(coordinate, segment: Int($0.segment), t: $0.t, distance: $0.d) }
    }

    /// `snaps(near:withinMeters:limit:role:)` by scanning every segment: the reference
    /// for tests.
    package func snapsBruteForce(near coordinate: Coordinate, withinMeters radius: Double, limit: Int) -> [RoadSnap] {
        let s = storage
        let frame = SnapFrame(coordinate)
        var best: [(d: Double, edge: Int, segment: Int, t: Double)] = []
        for e in 0..<s.edgeCount {
            var nearest: (d: Double, segment: Int, t: Double)?
            for v in Int(s.geomFirst[e])..<(Int(s.geomFirst[e + 1]) - 1) {
                let (d, t) = frame.distance(s.geom, segment: v)
                if d <= radius, d < nearest?.d ?? .infinity { nearest = (d, v, t) }
            }
            if let n = nearest { best.append((n.d, e, n.segment, n.t)) }
        }
        best.sort { ($0.d, $0.edge) < ($1.d, $1.edge) }
        return best.prefix(limit).map { makeSnap(coordinate, segment: $0.segment, t: $0.t, distance: $0.d) }
    }
}
