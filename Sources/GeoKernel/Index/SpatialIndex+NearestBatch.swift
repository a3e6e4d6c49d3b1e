// k nearest for many queries at once: one heap, one node queue and one copy of the
// index for the whole batch (a query allocates nothing and touches no reference count,
// so threads that each run a batch over one index do not contend), and the queries
// answered in the order of their packing keys, so that consecutive queries walk the
// same nodes and leaves while they are still in the cache. Results come back by query.

extension SpatialIndex {
    /// The `k` nearest points for each query, nearest first, equal distances in id
    /// order: identical to calling `nearest(to:k:maxDistanceMeters:)` for each query,
    /// in less time (see the file comment).
    ///
    /// - Parameters:
    ///   - queries: the query positions (degrees).
    ///   - k: how many neighbours per query, ≥ 0.
    ///   - maxDistanceMeters: only points at most this far (metres, sphere); default
    ///     unlimited.
    /// - Returns: one array per query, in the order of `queries`: up to `k` neighbours
    ///   with their distances in metres (sphere, R = 6 371 008.8 m).
    /// - Throws: `.invalidArgument` for a negative `k` or a negative or NaN distance.
    /// - Complexity: O(q log q) to order q queries (a radix sort), then about
    ///   O(log n + k log k) per query.
    /// - Thread safety: read-only; any number of concurrent batches and queries.
    /// - C twin: `gk_index_nearest_batch`.
    /// \since 0.4
    public func nearest(
        to queries: [Coordinate], k: Int, maxDistanceMeters: Double = .infinity
    ) throws(GeoKernelError) -> [[Neighbor]] {
        var out = [[Neighbor]](repeating: [], count: queries.count)
        try nearestRows(count: queries.count, k: k, maxDistanceMeters: maxDistanceMeters, point: { queries[$0] }) {
            i, ids, meters in
            out[i] = [Neighbor](unsafeUninitializedCapacity: ids.count) { buf, initialized in
                for j in 0..<ids.count { buf[j] = Neighbor(id: ids[j], distanceMeters: meters[j]) }
                initialized = ids.count
            }
        }
        return out
    }

    /// The batch search behind `nearest(to:k:maxDistanceMeters:)` for many queries and
    /// `gk_index_nearest_batch`: reads query i with `point(i)` for i in 0 ..< `count`
    /// (all of them first; when one throws, the queries before it are still answered,
    /// then its error is rethrown), and hands each query's result, nearest first, to
    /// `row` (query index, ids, metres), in no particular order of queries. The buffers
    /// are only valid during the call.
    ///
    /// - Throws: `.invalidArgument` for a negative `k`, a negative or NaN distance or
    ///   more than 2³² − 1 queries (before any row), or what `point` threw (after the rows before it).
    /// - Complexity: as `nearest(to:k:maxDistanceMeters:)` for many queries; memory
    ///   40 bytes per query plus 12 bytes per result slot.
    package func nearestRows(
        count n: Int, k: Int, maxDistanceMeters: Double,
        point: (Int) throws(GeoKernelError) -> Coordinate,
        row: (_ query: Int, _ ids: UnsafeBufferPointer<UInt32>, _ meters: UnsafeBufferPointer<Double>) -> Void
    ) throws(GeoKernelError) {
        guard k >= 0 else { throw .invalid("k \(k) must be at least 0") }
        guard maxDistanceMeters >= 0 else {
            throw .invalid("maximum distance \(maxDistanceMeters) m must be at least 0")
        }
        guard n <= Int(UInt32.max) else { throw .invalid("\(n) queries in one batch: at most \(UInt32.max)") }
        let vectors = UnsafeMutablePointer<QueryVector>.allocate(capacity: Swift.max(n, 1))
        var valid = 0
        var failure: GeoKernelError?
        while valid < n {
            do throws(GeoKernelError) {
                (vectors + valid).initialize(to: QueryVector(try point(valid)))
            } catch {
                failure = error
                break
            }
            valid &+= 1
        }
        defer {
            vectors.deinitialize(count: valid)
            vectors.deallocate()
        }
        let kk = Swift.min(k, count)
        let order = Self.coherentOrder(vectors, valid)
        defer { order.deallocate() }
        let outIDs = UnsafeMutablePointer<UInt32>.allocate(capacity: Swift.max(kk, 1))
        let outMeters = UnsafeMutablePointer<Double>.allocate(capacity: Swift.max(kk, 1))
        defer {
            outIDs.deallocate()
            outMeters.deallocate()
        }
        // The runs without a retain and release per query: `self` keeps them alive, and
        // reference counts shared by threads that query one index would cost more than
        // the search.
        let unretainedRuns = runs.map { Unmanaged.passUnretained($0) }
        if kk == 0 {
            for i in 0..<valid { row(i, UnsafeBufferPointer(start: outIDs, count: 0), UnsafeBufferPointer(start: outMeters, count: 0)) }
        } else {
            NeighborHeap.withHeap(k: kk, limitMeters: maxDistanceMeters) { heap in
                NodeQueue.withQueue { queue in
                    withFilter(nil) { filter in
                        for j in 0..<valid {
                            let i = Int(order[j])
                            heap.reset()
                            for r in unretainedRuns { r._withUnsafeGuaranteedRef { $0.nearest(vectors[i], &heap, &queue, filter) } }
                            buffer.nearest(vectors[i], &heap, filter)
                            let c = heap.drain(ids: outIDs, meters: outMeters)
                            row(i, UnsafeBufferPointer(start: outIDs, count: c), UnsafeBufferPointer(start: outMeters, count: c))
                        }
                    }
                }
            }
        }
        if let failure { throw failure }
    }

    /// The query indices 0 ..< n ordered by the packing key of their vectors (cube face,
    /// then Hilbert order: the order of the points in the runs). The caller deallocates.
    static func coherentOrder(_ vectors: UnsafePointer<QueryVector>, _ n: Int) -> UnsafeMutablePointer<UInt32> {
        let order = UnsafeMutablePointer<UInt32>.allocate(capacity: Swift.max(n, 1))
        let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: Swift.max(n, 1))
        defer { keys.deallocate() }
        for i in 0..<n {
            let v = vectors[i]
            keys[i] = SphereMetric.packingKey(v.x, v.y, v.z)
            order[i] = UInt32(truncatingIfNeeded: i)
        }
        RadixSort.sort(keys: keys, values: order, count: n)
        return order
    }
}
