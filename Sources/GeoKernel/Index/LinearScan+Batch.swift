extension LinearScan {
    /// Queries answered together per pass over the points, and points per pass (about
    /// 115 KB of vectors and ids: they stay in the L2 cache while every query of the
    /// group runs over them).
    static let queryGroup = 32
    static let pointBlock = 4096

    /// The `k` nearest points for each query, in one cache-blocked pass over the points
    /// per 32 queries: identical to calling `nearest(to:k:maxDistanceMeters:)` for each.
    ///
    /// - Throws: `.invalidArgument` for a negative `k` or a negative or NaN distance.
    /// - Complexity: O(n · queries) distance evaluations, but memory traffic of n per 32
    ///   queries. Thread safety: read-only.
    /// \since 0.1
    public func nearest(
        to queries: [Coordinate], k: Int, maxDistanceMeters: Double = .infinity
    ) throws(GeoKernelError) -> [[SpatialIndex.Neighbor]] {
        guard k >= 0 else { throw .invalid("k \(k) must be at least 0") }
        guard maxDistanceMeters >= 0 else {
            throw .invalid("maximum distance \(maxDistanceMeters) m must be at least 0")
        }
        if k == 0 || count == 0 { return queries.map { _ in [] } }
        var out: [[SpatialIndex.Neighbor]] = []
        out.reserveCapacity(queries.count)
        var start = 0
        while start < queries.count {
            let group = Array(queries[start..<Swift.min(start + Self.queryGroup, queries.count)])
            let heaps = UnsafeMutablePointer<NeighborHeap>.allocate(capacity: group.count)
            for i in 0..<group.count {
                (heaps + i).initialize(to: NeighborHeap(k: Swift.min(k, count), limitMeters: maxDistanceMeters))
            }
            blocked(group, bound: { heaps[$0].threshold }) { qi, m, id, c2 in
                heaps[qi].offer(meters: m, id: id, chordSquared: c2)
                heaps[qi].refreshThreshold()
            }
            for i in 0..<group.count { out.append(heaps[i].sorted()) }
            heaps.deinitialize(count: group.count)
            heaps.deallocate()
            start += group.count
        }
        return out
    }

    /// Every point within `radiusMeters` of each query, in one cache-blocked pass per 32
    /// queries: identical to calling `within(radiusMeters:of:sorted:)` for each.
    ///
    /// - Throws: `.invalidArgument` for a negative or NaN radius.
    /// - Complexity: as `nearest(to:k:maxDistanceMeters:)` for many queries.
    /// \since 0.1
    public func within(
        radiusMeters: Double, of queries: [Coordinate], sorted: Bool = true
    ) throws(GeoKernelError) -> [[SpatialIndex.Neighbor]] {
        guard radiusMeters >= 0 else { throw .invalid("radius \(radiusMeters) m must be at least 0") }
        let bound = SphereMetric.chordSquaredBound(meters: radiusMeters)
        var out: [[SpatialIndex.Neighbor]] = []
        out.reserveCapacity(queries.count)
        var start = 0
        while start < queries.count {
            let group = Array(queries[start..<Swift.min(start + Self.queryGroup, queries.count)])
            let buffers = UnsafeMutablePointer<ResultBuffer>.allocate(capacity: group.count)
            for i in 0..<group.count { (buffers + i).initialize(to: ResultBuffer()) }
            blocked(group, bound: { _ in bound }) { qi, m, id, _ in
                if m <= radiusMeters { buffers[qi].append(meters: m, id: id) }
            }
            for i in 0..<group.count {
                if sorted { buffers[i].sort() }
                out.append(buffers[i].neighbors())
            }
            buffers.deinitialize(count: group.count)
            buffers.deallocate()
            start += group.count
        }
        return out
    }

    /// For each block of points, for each query of the group: the scan of `scan(_:)`.
    @inline(__always)
    private func blocked(
        _ queries: [Coordinate], bound: (Int) -> Double, _ body: (Int, Double, UInt32, Double) -> Void
    ) {
        let vectors = queries.map(QueryVector.init)
        var from = 0
        while from < count {
            let to = Swift.min(from + Self.pointBlock, count)
            for qi in vectors.indices {
                scan(vectors[qi], range: from..<to, bound: { bound(qi) }) { m, id, c2 in body(qi, m, id, c2) }
            }
            from = to
        }
    }
}
