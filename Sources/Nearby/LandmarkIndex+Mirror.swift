import GeoKernel

// What LandmarkStore needs to keep a LandmarkIndex as the in-memory mirror of its table:
// landmarks come with their own ids (the table's row numbers), are replaced or removed
// by id without an owner check (the store checked in its transaction), and a batch of
// changes is applied under one write lock, so a search sees all of it or none.

extension LandmarkIndex {
    /// An index holding exactly `landmarks`, built in bulk (ids need not be sorted, must
    /// be unique and below 2^64 − 1).
    ///
    /// - Complexity: O(n log n).
    convenience init(mirroring landmarks: [Landmark]) throws(GeoKernelError) {
        var state = State()
        // The store reads rows in id order: sort only when needed (sorting 1M landmarks
        // costs about a fifth of opening a store).
        let inOrder = zip(landmarks, landmarks.dropFirst()).allSatisfy { $0.id < $1.id }
        let sorted = inOrder ? landmarks : landmarks.sorted { $0.id < $1.id }
        state.spatial = try SpatialIndex(sorted.map(\.coordinate))
        state.entries = sorted.map { Entry($0) }
        state.slots.reserveDense(sorted.count)
        for (slot, l) in sorted.enumerated() { state.slots[l.id] = UInt32(slot) }
        state.nextLandmarkID = (sorted.last?.id ?? 0) + 1
        self.init(state: state)
    }

    /// Applies upserts (insert, or replace the landmark with the same id) and removals
    /// (unknown ids are ignored) at once: concurrent searches see all or none of them.
    ///
    /// - Complexity: amortised O(log n) per upsert that inserts or moves a landmark,
    ///   O(1) per note change or removal.
    func mirror(upserts: [Landmark], removals: [UInt64]) throws(GeoKernelError) {
        try withWriteAccess { (state) throws(GeoKernelError) in
            for id in removals {
                guard let slot = state.slots[id] else { continue }
                try state.spatial.remove(id: slot)
                state.entries[Int(slot)] = nil
                state.slots[id] = nil
            }
            for l in upserts {
                if let slot = state.slots[l.id], let old = state.entries[Int(slot)],
                   old.landmark.coordinate == l.coordinate {
                    state.entries[Int(slot)] = Entry(l)
                    continue
                }
                if let slot = state.slots[l.id] {
                    try state.spatial.remove(id: slot)
                    state.entries[Int(slot)] = nil
                }
                let slot = try state.spatial.insert(l.coordinate)
                if Int(slot) >= state.entries.count {
                    state.entries.append(contentsOf: repeatElement(nil, count: Int(slot) + 1 - state.entries.count))
                }
                state.entries[Int(slot)] = Entry(l)
                state.slots[l.id] = slot
                state.nextLandmarkID = max(state.nextLandmarkID, l.id + 1)
            }
        }
    }
}
