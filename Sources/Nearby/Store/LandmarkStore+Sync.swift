import GeoKernel

// Sync: every change (add, edit, delete, apply) gets the next number of one counter that
// only grows; a landmark's row carries the number of its latest change. An app remembers
// the last sequence it has seen and asks for what came after it.

extension LandmarkStore {
    /// The landmarks changed after sequence `cursor`, in sequence order: each as it is
    /// now (an upsert, or a tombstone for a deletion), at most `limit` of them. A landmark
    /// changed several times appears once, with its latest sequence. Continue from the
    /// last entry's `sequence`.
    ///
    /// - Parameters:
    ///   - cursor: 0 for everything (a full copy), else a sequence returned earlier.
    ///   - limit: at most this many entries (≥ 0); default all.
    /// - Throws: `.invalidArgument` for a negative cursor or limit, or a cursor from
    ///   before the last `compact(through:)` that removed tombstones after it (deletions
    ///   would be missing: start again from 0); `.misuse`, `.io`.
    /// - Complexity: O(k log n) for k entries (an index on the sequence).
    /// - C twin: `gk_landmark_store_changes`.
    /// \since 0.4
    public func changes(since cursor: Int64, limit: Int = .max) throws(GeoKernelError) -> [StoredLandmark] {
        guard cursor >= 0 else { throw .invalid("cursor \(cursor) must be at least 0") }
        guard limit >= 0 else { throw .invalid("limit \(limit) must be at least 0") }
        return try lock.write { () throws(GeoKernelError) -> [StoredLandmark] in
            let (c, s) = try open()
            try CheckedAllocation.requireHeadroom(
                CheckedAllocation.peakEstimate(inputBytes: c.storedBytes(), factor: 8), "the changes of '\(path)'")
            return try c.readTransaction { () throws(GeoKernelError) -> [StoredLandmark] in
                let compacted = try s.meta("compacted_through")
                guard cursor == 0 || cursor >= compacted else {
                    throw .invalid(
                        "cursor \(cursor) is older than the tombstones compacted through sequence \(compacted): deletions would be missing; start again from 0")
                }
                s.since.bind(1, cursor)
                s.since.bind(2, Int64(clamping: limit))
                defer { s.since.reset() }
                var out: [StoredLandmark] = []
                while try s.since.step() { out.append(try s.decode(s.since, path).landmark) }
                return out
            }
        }
    }

    /// Applies changes from elsewhere (a server, another store's `changes(since:)`) in
    /// one transaction: each is an upsert by id, or a deletion when `deleted`. Owners are
    /// not checked (the source is trusted); conflicts follow `StoredLandmark.wins(over:)`:
    /// the later `updatedAt` wins, then a deletion, then the larger note, owner, latitude,
    /// longitude, `createdAt`. A change that loses, or brings identical content, is
    /// skipped. Applied changes get new local sequence numbers (they appear in this
    /// store's `changes(since:)`, so they travel on).
    ///
    /// - Returns: how many changes were applied (not skipped).
    /// - Throws: `.invalidArgument` for an invalid entry (the message names its index);
    ///   nothing is applied then. `.io`, `.misuse`.
    /// - Complexity: O(k log n). C twin: `gk_landmark_store_apply` (one change per call).
    /// \since 0.4
    @discardableResult
    public func apply(_ changes: [StoredLandmark]) throws(GeoKernelError) -> Int {
        for (i, l) in changes.enumerated() {
            do throws(GeoKernelError) { try l.validate() } catch {
                throw GeoKernelError(error.code, "change \(i): \(error.message)")
            }
        }
        return try change { (s, sequence) throws(GeoKernelError) -> Int in
            var applied = 0
            for l in changes {
                if let (_, old) = try s.find(l.id, path) {
                    guard l.wins(over: old) else { continue }
                    sequence += 1
                    s.bind(s.update, l, sequence: sequence)
                    try s.update.run()
                } else {
                    sequence += 1
                    try insert(l.with(sequence: sequence), s)
                }
                applied += 1
            }
            return applied
        }
    }

    /// Removes tombstones whose sequence is at most `sequence` (default: all). Do it once
    /// every store that syncs with this one has seen those deletions: a store that has
    /// not would keep the landmark, and `changes(since:)` refuses cursors from before the
    /// compacted point.
    ///
    /// - Returns: how many tombstones were removed.
    /// - Complexity: O(n). C twin: `gk_landmark_store_compact`.
    /// \since 0.4
    @discardableResult
    public func compact(through sequence: Int64 = .max) throws(GeoKernelError) -> Int {
        try lock.write { () throws(GeoKernelError) -> Int in
            let (c, s) = try open()
            let removed = try c.writeTransaction { () throws(GeoKernelError) -> Int in
                let q = try c.prepare("SELECT count(*), coalesce(max(seq), 0) FROM landmarks WHERE deleted = 1 AND seq <= ?1")
                defer { q.finalize() }
                q.bind(1, sequence)
                _ = try q.step()
                let n = q.int64(0), through = q.int64(1)
                q.reset()
                guard n > 0 else { return 0 }
                let d = try c.prepare("DELETE FROM landmarks WHERE deleted = 1 AND seq <= ?1")
                defer { d.finalize() }
                d.bind(1, sequence)
                try d.run()
                try s.setMeta("compacted_through", max(through, try s.meta("compacted_through")))
                try s.setMeta("compactions", try s.meta("compactions") + 1)
                return Int(n)
            }
            try refresh(force: true)
            return removed
        }
    }

    /// Adds every landmark of a snapshot file written by `LandmarkIndex.save(to:)`, in
    /// one transaction (all or none): landmark n gets the id `idPrefix` + "n", and
    /// `createdAt` as its timestamps.
    ///
    /// - Returns: how many landmarks were imported.
    /// - Throws: the errors of `LandmarkIndex(contentsOf:)` (`.io`, `.corrupt`);
    ///   `.duplicate` when an id exists already; `.invalidArgument` for a bad prefix.
    /// - Complexity: O(n log n). C twin: `gk_landmark_store_import`.
    /// \since 0.4
    @discardableResult
    public func importSnapshot(from snapshot: String, idPrefix: String = "", createdAt: Int64) throws(GeoKernelError) -> Int {
        let marks = try LandmarkIndex(contentsOf: snapshot).all
        let batch = marks.map {
            NewLandmark(id: idPrefix + String($0.id), coordinate: $0.coordinate, note: $0.note, owner: $0.owner, createdAt: createdAt)
        }
        return try add(batch).count
    }
}
