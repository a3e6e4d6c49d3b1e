import GeoKernel

// What LandmarkStore needs to keep a LandmarkTable as the in-memory mirror of its table:
// landmarks come with their own ids (the table's row numbers) and the rest of their row
// (`MirrorRow`, the entry's extra, so that a search reads both from one place), are
// replaced or removed by id without an owner check (the store checked in its
// transaction), and a batch of changes is applied under one write lock, so a search sees
// all of it or none.

/// What a store's mirror keeps of a landmark beside its `Landmark`: the stored id, the
/// timestamps and the change sequence.
struct MirrorRow {
    var id: String
    var createdAt: Int64
    var updatedAt: Int64
    var sequence: Int64

    init(_ l: StoredLandmark) {
        id = l.id
        createdAt = l.createdAt
        updatedAt = l.updatedAt
        sequence = l.sequence
    }

    /// The stored landmark made of `l` (place, note, owner) and this row.
    func landmark(_ l: Landmark) -> StoredLandmark {
        StoredLandmark(
            id: id, coordinate: l.coordinate, note: l.note, owner: l.owner, createdAt: createdAt, updatedAt: updatedAt,
            deleted: false, sequence: sequence)
    }
}

extension LandmarkTable where Extra == MirrorRow {
    /// An empty mirror.
    convenience init() { self.init(state: State()) }

    /// A mirror holding exactly `landmarks`, with `rows[i]` the rest of `landmarks[i]`,
    /// built in bulk; the store gives them in increasing id order (its mirror numbers),
    /// ids below 2^64 − 1.
    ///
    /// - Throws: `.internal` when the counts differ or the ids do not increase; what
    ///   `SpatialIndex` throws.
    /// - Complexity: O(n log n).
    convenience init(mirroring landmarks: [Landmark], rows: [MirrorRow]) throws(GeoKernelError) {
        guard landmarks.count == rows.count, zip(landmarks, landmarks.dropFirst()).allSatisfy({ $0.id < $1.id }) else {
            throw GeoKernelError(.internal, "the store's mirror needs one row per landmark, in increasing id order")
        }
        var state = State()
        state.spatial = try SpatialIndex(landmarks.map(\.coordinate))
        state.entries = zip(landmarks, rows).map { Entry(landmark: $0, extra: $1) }
        state.slots.reserveDense(landmarks.count)
        for (slot, l) in landmarks.enumerated() { state.slots[l.id] = UInt32(slot) }
        state.nextLandmarkID = (landmarks.last?.id ?? 0) + 1
        self.init(state: state)
    }

    private convenience init(state: State) {
        self.init(
            state: state,
            extraString: MemoryLayout<Entry>.offset(of: \Entry.extra)! + MemoryLayout<MirrorRow>.offset(of: \MirrorRow.id)!)
    }

    /// Applies upserts (insert, or replace the landmark with the same id, with its row)
    /// and removals (unknown ids are ignored) at once: concurrent searches see all or
    /// none of them.
    ///
    /// - Complexity: amortised O(log n) per upsert that inserts or moves a landmark,
    ///   O(1) per note change or removal.
    func mirror(upserts: [(Landmark, MirrorRow)], removals: [UInt64]) throws(GeoKernelError) {
        try withWriteAccess { (state) throws(GeoKernelError) in
            for id in removals {
                guard let slot = state.slots[id] else { continue }
                try state.spatial.remove(id: slot)
                state.entries[Int(slot)] = nil
                state.slots[id] = nil
            }
            for (l, row) in upserts {
                if let slot = state.slots[l.id], let old = state.entries[Int(slot)],
                   old.landmark.coordinate == l.coordinate {
                    state.entries[Int(slot)] = Entry(landmark: l, extra: row)
                    continue
                }
                if let slot = state.slots[l.id] {
                    try state.spatial.remove(id: slot)
                    state.entries[Int(slot)] = nil
                }
                let slot = try state.spatial.insert(l.coordinate)
                state.place(Entry(landmark: l, extra: row), at: slot)
                state.slots[l.id] = slot
                state.nextLandmarkID = max(state.nextLandmarkID, l.id + 1)
            }
        }
    }
}
