extension SpatialIndex {
    /// Adds a point and returns its id (the previous `nextID`).
    ///
    /// The point goes into a buffer of 128 recent inserts; a full buffer becomes a
    /// packed run, which is merged with the smallest runs while they are no more than
    /// twice its size (the logarithmic method of Bentley & Saxe 1980), dropping removed
    /// points on the way. Queries see the point at once.
    ///
    /// - Throws: `.capacity` when 4 294 967 295 ids have been handed out.
    /// - Complexity: amortised O(log n); a single call may rebuild runs. Timing:
    ///   `index.insert.*`.
    /// - Thread safety: mutating; needs exclusive access to this variable.
    /// - C twin: `gk_index_insert`.
    /// \since 0.1
    @discardableResult
    public mutating func insert(_ point: Coordinate) throws(GeoKernelError) -> UInt32 {
        guard nextIDValue < UInt32.max else {
            throw GeoKernelError(.capacity, "the index has handed out all \(UInt32.max) ids")
        }
        let id = nextIDValue
        nextIDValue += 1
        buffer.append(SphereMetric.vector(point), id)
        if buffer.isFull { flushBuffer() }
        return id
    }

    /// Removes the point with this id.
    ///
    /// A point in the insert buffer is removed at once; a point in a packed run is
    /// marked in the removed bitset and skipped by queries until a merge drops it. When
    /// marked points make up a quarter of the stored ones, the index is compacted.
    ///
    /// - Throws: `.notFound` when no point has this id (never inserted, or removed).
    /// - Complexity: amortised O(1); a compaction is O(n).
    /// - Thread safety: mutating; needs exclusive access to this variable.
    /// - C twin: `gk_index_remove`.
    /// \since 0.1
    public mutating func remove(id: UInt32) throws(GeoKernelError) {
        guard contains(id: id) else {
            throw GeoKernelError(.notFound, "no point with id \(id) in the index"
                + (id < nextIDValue ? " (it was removed)" : " (ids so far are below \(nextIDValue))"))
        }
        let words = Int(nextIDValue >> 6) + 1
        if removed.count < words { removed.append(contentsOf: repeatElement(0, count: words - removed.count)) }
        removed[Int(id >> 6)] |= 1 << UInt64(id & 63)
        removedCount += 1
        if !buffer.remove(id: id) {
            deadInRuns += 1
            let stored = runs.reduce(0) { $0 + $1.count }
            if deadInRuns >= 64 && deadInRuns * 4 > stored { compact() }
        }
    }

    /// Rebuilds the index into one packed run without removed points: queries become as
    /// fast as after a bulk build. Ids are kept.
    ///
    /// - Complexity: O(n). Thread safety: mutating. C twin: none (automatic in C).
    /// \since 0.1
    public mutating func compact() {
        let stored = runs.reduce(0) { $0 + $1.count } + buffer.count
        let points = PointColumns(capacity: stored)
        let removedIDs = removed
        let keep: (UInt32) -> Bool = { id in
            let w = Int(id >> 6)
            return !(w < removedIDs.count && (removedIDs[w] >> UInt64(id & 63)) & 1 != 0)
        }
        for run in runs { _ = points.append(run, keep: keep) }
        appendBuffer(to: points)
        runs = points.count > 0 ? [PackedRun.build(points)] : []
        buffer.removeAll()
        deadInRuns = 0
    }

    private func appendBuffer(to points: PointColumns) {
        for i in 0..<buffer.count { points.append(buffer.x[i], buffer.y[i], buffer.z[i], buffer.ids[i]) }
    }

    /// Turns the buffer into a run and merges it with the smaller runs.
    private mutating func flushBuffer() {
        var size = buffer.count
        var merged = 0
        while merged < runs.count, runs[runs.count - 1 - merged].count <= 2 * size {
            size += runs[runs.count - 1 - merged].count
            merged += 1
        }
        let points = PointColumns(capacity: size)
        let removedIDs = removed
        let keep: (UInt32) -> Bool = { id in
            let w = Int(id >> 6)
            return !(w < removedIDs.count && (removedIDs[w] >> UInt64(id & 63)) & 1 != 0)
        }
        for run in runs.suffix(merged) { deadInRuns -= points.append(run, keep: keep) }
        appendBuffer(to: points)
        runs.removeLast(merged)
        if points.count > 0 { runs.append(PackedRun.build(points)) }
        buffer.removeAll()
    }
}
