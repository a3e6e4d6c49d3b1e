extension SpatialIndex {
    /// Every point within `radiusMeters` of `point` (boundary included), nearest first
    /// with equal distances in id order, or in storage order when `sorted` is false.
    ///
    /// Depth-first descent through the nodes whose box may hold a point within the
    /// radius; a point is inside when its distance in metres, computed as in
    /// `distanceMeters(_:_:)`, is at most the radius — exactly the linear scan's test,
    /// so the results are identical to `LinearScan.within(radiusMeters:of:sorted:)`.
    ///
    /// - Parameters:
    ///   - radiusMeters: the radius in metres along the sphere (R = 6 371 008.8 m),
    ///     ≥ 0; `.infinity` or half the circumference and more give every point.
    ///   - point: the centre (degrees).
    ///   - sorted: nearest first (default) or in storage order, which saves the sort
    ///     (O(m) radix sort of the m hits) when the order does not matter.
    /// - Returns: the hits with their distances in metres.
    /// - Throws: `.invalidArgument` for a negative or NaN radius.
    /// - Complexity: about O(log n + m) for m hits; timing: `index.radius*` in the
    ///   benchmark table.
    /// - Thread safety: read-only; any number of concurrent queries.
    /// - C twin: `gk_index_within`.
    /// \since 0.1
    public func within(
        radiusMeters: Double, of point: Coordinate, sorted: Bool = true
    ) throws(GeoKernelError) -> [Neighbor] {
        try within(radiusMeters: radiusMeters, of: point, sorted: sorted, predicate: nil)
    }

    /// Every point within `radiusMeters` of `point` whose id `isIncluded` accepts. See
    /// `within(radiusMeters:of:sorted:)`; the predicate is called only for points inside
    /// the circle and must not mutate the index.
    ///
    /// - Complexity: about O(log n + m). Thread safety: read-only. C twin: none.
    /// \since 0.1
    public func within(
        radiusMeters: Double, of point: Coordinate, sorted: Bool = true, where isIncluded: (UInt32) -> Bool
    ) throws(GeoKernelError) -> [Neighbor] {
        try withoutActuallyEscaping(isIncluded) { (f) throws(GeoKernelError) -> [Neighbor] in
            try within(radiusMeters: radiusMeters, of: point, sorted: sorted, predicate: f)
        }
    }

    private func within(
        radiusMeters: Double, of point: Coordinate, sorted: Bool, predicate: ((UInt32) -> Bool)?
    ) throws(GeoKernelError) -> [Neighbor] {
        guard radiusMeters >= 0 else { throw .invalid("radius \(radiusMeters) m must be at least 0") }
        if count == 0 { return [] }
        let q = QueryVector(point)
        let bound = SphereMetric.chordSquaredBound(meters: radiusMeters)
        return ResultBuffer.withBuffer { out in
            withFilter(predicate) { filter in
                for run in runs { run.within(q, radiusMeters: radiusMeters, chordBound: bound, &out, filter) }
                buffer.within(q, radiusMeters: radiusMeters, chordBound: bound, &out, filter)
            }
            if sorted { out.sort() }
            return out.neighbors()
        }
    }
}
