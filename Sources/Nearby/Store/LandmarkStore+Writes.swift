import CSQLite
import GeoKernel

/// A landmark to add to a `LandmarkStore`: the id is the caller's (nil: generate one).
///
/// Thread safety: a value; `Sendable`. C twin: the arguments of `gk_landmark_store_add`.
/// \since 0.4
public struct NewLandmark: Sendable, Hashable {
    /// The stable id, or nil to generate one (32 hex digits of 128 random bits).
    public var id: String?
    /// Where (degrees).
    public var coordinate: Coordinate
    /// The note (1 to 1 000 bytes of UTF-8, not blank, no NUL).
    public var note: String
    /// The owner's username (1 to 64 bytes, no NUL or line break).
    public var owner: String
    /// Creation time in the caller's clock (milliseconds since 1970 UTC by convention);
    /// also its first `updatedAt`.
    public var createdAt: Int64

    /// A landmark to add; see the properties. \since 0.4
    public init(id: String? = nil, coordinate: Coordinate, note: String, owner: String, createdAt: Int64) {
        self.id = id
        self.coordinate = coordinate
        self.note = note
        self.owner = owner
        self.createdAt = createdAt
    }
}

extension LandmarkStore {
    /// Runs `body` in a write transaction with the change counter; the counter is saved
    /// with the changes, and the mirror is brought up to date after the commit.
    func change<R>(
        _ body: (StoreStatements, inout Int64) throws(GeoKernelError) -> R
    ) throws(GeoKernelError) -> R {
        try lock.write { () throws(GeoKernelError) -> R in
            let (c, s) = try open()
            let r = try c.writeTransaction { () throws(GeoKernelError) -> R in
                var sequence = try s.meta("seq")
                let r = try body(s, &sequence)
                try s.setMeta("seq", sequence)
                return r
            }
            try refresh(force: true)
            return r
        }
    }

    /// Inserts a new row; an id already present (also as a tombstone) is `.duplicate`.
    func insert(_ l: StoredLandmark, _ s: StoreStatements) throws(GeoKernelError) {
        s.bind(s.insert, l, sequence: l.sequence)
        do throws(GeoKernelError) {
            try s.insert.run()
        } catch {
            // The only constraint an insert can break is the unique id.
            if s.connection.lastFailure == SQLITE_CONSTRAINT {
                throw GeoKernelError(.duplicate, "a landmark with id '\(l.id)' exists already (or existed: ids are never reused)")
            }
            throw error
        }
    }

    /// Adds one landmark in its own transaction and returns it as stored.
    ///
    /// - Parameters:
    ///   - id: a stable id (1 to 128 bytes, no NUL or line break), or nil to generate
    ///     one (32 lowercase hex digits of 128 random bits).
    ///   - coordinate: where (degrees).
    ///   - note: the text, as for `LandmarkIndex.add(at:note:owner:)`.
    ///   - owner: who adds it (the only user who may edit or delete it), likewise.
    ///   - createdAt: the caller's time (milliseconds since 1970 UTC by convention).
    /// - Throws: `.invalidArgument` for an invalid id, note or owner; `.duplicate` for an
    ///   id that exists or existed (tombstone); `.io` when the write fails or the database
    ///   stayed locked; `.misuse` once closed.
    /// - Complexity: O(log n); durable (`.full`) commits cost an fsync.
    /// - C twin: `gk_landmark_store_add`.
    /// \since 0.4
    @discardableResult
    public func add(
        id: String? = nil, at coordinate: Coordinate, note: String, owner: String, createdAt: Int64
    ) throws(GeoKernelError) -> StoredLandmark {
        try add([NewLandmark(id: id, coordinate: coordinate, note: note, owner: owner, createdAt: createdAt)])[0]
    }

    /// Adds landmarks in one transaction: all or none (an invalid or duplicate one stops
    /// the batch and nothing is stored).
    ///
    /// - Throws: as `add(id:at:note:owner:createdAt:)`, the message naming the entry.
    /// - Complexity: O(k log n) for k landmarks; one commit.
    /// - C twin: none (one `gk_landmark_store_add` per landmark).
    /// \since 0.4
    @discardableResult
    public func add(_ batch: [NewLandmark]) throws(GeoKernelError) -> [StoredLandmark] {
        var stored: [StoredLandmark] = []
        stored.reserveCapacity(batch.count)
        for (i, n) in batch.enumerated() {
            let l = StoredLandmark(
                id: n.id ?? StoredLandmark.generateID(), coordinate: n.coordinate, note: n.note, owner: n.owner,
                createdAt: n.createdAt, updatedAt: n.createdAt)
            do throws(GeoKernelError) { try l.validate() } catch {
                throw GeoKernelError(error.code, batch.count == 1 ? error.message : "landmark \(i) of the batch: \(error.message)")
            }
            stored.append(l)
        }
        return try change { (s, sequence) throws(GeoKernelError) -> [StoredLandmark] in
            var out: [StoredLandmark] = []
            out.reserveCapacity(stored.count)
            for l in stored {
                sequence += 1
                let numbered = l.with(sequence: sequence)
                try insert(numbered, s)
                out.append(numbered)
            }
            return out
        }
    }

    /// Changes a landmark's note and/or place; only its owner may.
    ///
    /// - Parameters:
    ///   - id: the landmark.
    ///   - note: the new note, or nil to keep it.
    ///   - coordinate: the new place, or nil to keep it.
    ///   - user: who edits (compared with the owner byte for byte).
    ///   - updatedAt: the caller's time of the edit; not before the landmark's `updatedAt`.
    /// - Throws: `.notFound` for an unknown or deleted id; `.permission` when `user` is
    ///   not the owner (the message names both); `.order` when `updatedAt` is before the
    ///   landmark's last change; `.invalidArgument` for an invalid note; `.io`, `.misuse`.
    /// - Complexity: O(log n). C twin: `gk_landmark_store_edit`.
    /// \since 0.4
    @discardableResult
    public func edit(
        id: String, note: String? = nil, coordinate: Coordinate? = nil, by user: String, at updatedAt: Int64
    ) throws(GeoKernelError) -> StoredLandmark {
        if let note { try Landmark.checkNote(note) }
        try StoredLandmark.checkID(id)
        return try change { (s, sequence) throws(GeoKernelError) -> StoredLandmark in
            let old = try owned(id, user, "edit", updatedAt, s)
            sequence += 1
            let new = StoredLandmark(
                id: id, coordinate: coordinate ?? old.coordinate, note: note ?? old.note, owner: old.owner,
                createdAt: old.createdAt, updatedAt: updatedAt, deleted: false, sequence: sequence)
            s.bind(s.update, new, sequence: sequence)
            try s.update.run()
            return new
        }
    }

    /// Deletes a landmark; only its owner may. It stays as a tombstone (`deleted`,
    /// `updatedAt` = the deletion time) until `compact(through:)`.
    ///
    /// - Throws: `.notFound` for an unknown or already deleted id; `.permission`;
    ///   `.order` when `updatedAt` is before the landmark's last change; `.io`, `.misuse`.
    /// - Complexity: O(log n). C twin: `gk_landmark_store_delete`.
    /// \since 0.4
    public func delete(id: String, by user: String, at updatedAt: Int64) throws(GeoKernelError) {
        try StoredLandmark.checkID(id)
        try change { (s, sequence) throws(GeoKernelError) in
            let old = try owned(id, user, "delete", updatedAt, s)
            sequence += 1
            let tombstone = StoredLandmark(
                id: id, coordinate: old.coordinate, note: old.note, owner: old.owner, createdAt: old.createdAt,
                updatedAt: updatedAt, deleted: true, sequence: sequence)
            s.bind(s.update, tombstone, sequence: sequence)
            try s.update.run()
        }
    }

    /// The live landmark `id` if `user` owns it and `time` is not before its last change
    /// (called in the write transaction, so the check and the change are one).
    private func owned(
        _ id: String, _ user: String, _ action: String, _ time: Int64, _ s: StoreStatements
    ) throws(GeoKernelError) -> StoredLandmark {
        guard let (_, l) = try s.find(id, path), !l.deleted else {
            throw GeoKernelError(.notFound, "no landmark with id '\(id)'")
        }
        guard Landmark.sameUser(l.owner, user) else {
            throw GeoKernelError(.permission, "landmark '\(id)' belongs to '\(l.owner)'; '\(user)' may not \(action) it")
        }
        guard time >= l.updatedAt else {
            throw GeoKernelError(.order, "landmark '\(id)' last changed at \(l.updatedAt); a change at \(time) would go back in time")
        }
        return l
    }
}
