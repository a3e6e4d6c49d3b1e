extension SpatialIndex {
    /// The `k` points nearest to `point`, nearest first; equal distances in id order.
    ///
    /// Best-first search (Hjaltason & Samet 1999): nodes are visited in order of the
    /// lower bound of their chord to the query, leaves offer their points to a bounded
    /// max-heap, and the search stops when the nearest unvisited node is farther than
    /// the k-th result. The result is identical to `LinearScan.nearest(to:k:)` over the
    /// same points.
    ///
    /// - Parameters:
    ///   - point: the query position (degrees).
    ///   - k: how many neighbours, ≥ 0; fewer are returned when the index holds fewer
    ///     points within `maxDistanceMeters`.
    ///   - maxDistanceMeters: only points at most this far (metres, sphere); default
    ///     unlimited.
    /// - Returns: up to `k` neighbours with their distances in metres (sphere,
    ///   R = 6 371 008.8 m).
    /// - Throws: `.invalidArgument` for a negative `k` or a negative or NaN distance.
    /// - Complexity: about O(log n + k log k); timing: `index.knn10.*` in the benchmark
    ///   table. Many queries at once:
    ///   `nearest(to:k:maxDistanceMeters:)` with an array, which also saves the per-call
    ///   costs. Allocates only the result array (k ≤ 48).
    /// - Thread safety: read-only; any number of concurrent queries.
    /// - C twin: `gk_index_nearest`.
    /// \since 0.1
    public func nearest(
        to point: Coordinate, k: Int, maxDistanceMeters: Double = .infinity
    ) throws(GeoKernelError) -> [Neighbor] {
        try nearest(to: point, k: k, maxDistanceMeters: maxDistanceMeters, predicate: nil)
    }

    /// The `k` points nearest to `point` among those whose id `isIncluded` accepts,
    /// nearest first; equal distances in id order. See `nearest(to:k:maxDistanceMeters:)`.
    ///
    /// The predicate is called only for points that could be among the results, in no
    /// particular order; it must not mutate the index. A very selective predicate makes
    /// the search visit more of the index (up to all of it).
    ///
    /// - Throws: as `nearest(to:k:maxDistanceMeters:)`.
    /// - Complexity: O(log n + k log k) when most points are accepted; O(n) at worst.
    /// - Thread safety: read-only. C twin: none (the landmark search uses it).
    /// \since 0.1
    public func nearest(
        to point: Coordinate, k: Int, maxDistanceMeters: Double = .infinity,
        where isIncluded: (UInt32) -> Bool
    ) throws(GeoKernelError) -> [Neighbor] {
        try withoutActuallyEscaping(isIncluded) { (f) throws(GeoKernelError) -> [Neighbor] in
            try nearest(to: point, k: k, maxDistanceMeters: maxDistanceMeters, predicate: f)
        }
    }

    private func nearest(
        to point: Coordinate, k: Int, maxDistanceMeters: Double, predicate: ((UInt32) -> Bool)?
    ) throws(GeoKernelError) -> [Neighbor] {
        guard k >= 0 else { throw .invalid("k \(k) must be at least 0") }
        guard maxDistanceMeters >= 0 else {
            throw .invalid("maximum distance \(maxDistanceMeters) m must be at least 0")
        }
        if k == 0 || count == 0 { return [] }
        let q = QueryVector(point)
        return NeighborHeap.withHeap(k: Swift.min(k, count), limitMeters: maxDistanceMeters) { heap in
            NodeQueue.withQueue { queue in
                withFilter(predicate) { filter in search(q, &heap, &queue, filter) }
            }
            return heap.sorted()
        }
    }

    /// Offers to `heap` every point of every run and of the buffer that may be among
    /// the k nearest to `q` (the search of one query; `heap` holds what it found).
    @inline(__always)
    func search(_ q: QueryVector, _ heap: inout NeighborHeap, _ queue: inout NodeQueue, _ filter: PointFilter) {
        for run in runs { run.nearest(q, &heap, &queue, filter) }
        buffer.nearest(q, &heap, filter)
    }
}
