import GeoKernel

/// Landmarks by spatial slot behind a reader–writer lock, each with an `Extra` value beside
/// it: the storage of `LandmarkIndex` (`Extra` is `Void`, no bytes) and of a
/// `LandmarkStore`'s in-memory mirror (`Extra` is the rest of the table row, `MirrorRow`),
/// so that a search finds a landmark and its extra in one place.
///
/// Thread safety: every access to `state` goes through `lock` (searches read, changes
/// write).
final class LandmarkTable<Extra>: @unchecked Sendable {
    /// Everything behind the lock.
    struct State {
        var spatial = SpatialIndex()
        /// By spatial-index id (dense; nil once deleted).
        var entries: [Entry?] = []
        /// Landmark id → spatial-index id.
        var slots = DenseKeyMap()
        var nextLandmarkID: UInt64 = 1

        /// Puts `entry` at spatial slot `slot`, growing `entries` (with nil) to reach it.
        mutating func place(_ entry: Entry, at slot: UInt32) {
            while entries.count <= Int(slot) { entries.append(nil) }
            entries[Int(slot)] = entry
        }
    }

    /// A stored landmark and its extra. Its texts are matched case-insensitively as they
    /// are (`containsFolded`), so nothing is lowercased or copied when landmarks are added
    /// or loaded.
    struct Entry {
        var landmark: Landmark
        var extra: Extra
    }

    let lock = ReadWriteLock()
    var state: State
    /// Where the note's `String` sits in an `Entry` (for `Prefetch`; computed once here,
    /// since a key path's offset is worked out at run time).
    let noteOffset = MemoryLayout<Entry>.offset(of: \Entry.landmark.note)!
    /// The byte offset in an `Entry` of a `String` within `extra` whose storage searches
    /// prefetch too (the mirror's row id), or nil.
    let extraString: Int?

    init(state: State, extraString: Int? = nil) {
        self.state = state
        self.extraString = extraString
    }

    /// `search`'s hits in order (equal distances: lower landmark id first), each made by
    /// `make(landmark, extra, metres)` under the read lock, so that nothing is copied on
    /// the way. Every hit's entry, then its note's storage (and `extraString`'s), is
    /// prefetched before any result is made, so that their cache misses overlap instead
    /// of coming one by one (they are most of a search's time at a million landmarks).
    ///
    /// - Throws: `.invalidArgument` for a negative limit or an invalid username.
    /// - Complexity: as `LandmarkIndex.search`.
    func hits<T>(
        _ search: LandmarkSearch, _ make: (Landmark, Extra, Double) throws(GeoKernelError) -> T
    ) throws(GeoKernelError) -> [T] {
        guard search.limit >= 0 else { throw .invalid("limit \(search.limit) must be at least 0") }
        if search.scope != .all { try Landmark.checkUser(search.user) }
        let text = search.text?.lowercased() ?? ""
        let matchText = text.contains { !$0.isWhitespace }
        let scope = search.scope, user = search.user
        return try lock.read { () throws(GeoKernelError) -> [T] in
            let entries = state.entries
            let matches = { (slot: UInt32) -> Bool in
                guard let e = entries[Int(slot)] else { return false }
                switch scope {
                case .all: break
                case .mine: if !Landmark.sameUser(e.landmark.owner, user) { return false }
                case .others: if Landmark.sameUser(e.landmark.owner, user) { return false }
                }
                return !matchText || e.landmark.note.containsFolded(text) || e.landmark.owner.containsFolded(text)
            }
            var hits: [SpatialIndex.Neighbor]
            if scope == .all && !matchText {
                hits = try state.spatial.nearest(to: search.position, k: search.limit, maxDistanceMeters: search.radius.meters)
            } else {
                hits = try state.spatial.nearest(
                    to: search.position, k: search.limit, maxDistanceMeters: search.radius.meters, where: matches)
            }
            // Equal distances come lower landmark id first. Spatial ids grow with landmark
            // ids (a load numbers them in id order), so ties already come in that order; the
            // check (and a sort if it ever fails) states the contract without sorting what is
            // in order.
            orderTies(&hits) { entries[Int($0)]!.landmark.id }
            let noteOffset = noteOffset, extraOffset = extraString
            entries.withUnsafeBytes { e in
                let lines = Prefetch(e, of: Entry?.self)
                for h in hits { lines.element(Int(h.id)) }
                for h in hits {
                    lines.stringStorage(Int(h.id), offset: noteOffset)
                    if let extraOffset { lines.stringStorage(Int(h.id), offset: extraOffset) }
                }
            }
            var made: [T] = []
            made.reserveCapacity(hits.count)
            for h in hits {
                let e = entries[Int(h.id)]!
                made.append(try make(e.landmark, e.extra, h.distanceMeters))
            }
            return made
        }
    }

    /// Runs `body` on the state under the write lock (the store's mirror).
    func withWriteAccess<R>(_ body: (inout State) throws(GeoKernelError) -> R) throws(GeoKernelError) -> R {
        try lock.write { () throws(GeoKernelError) -> R in try body(&state) }
    }

    /// Runs `body` on the state under the read lock (persistence).
    func withState<R>(_ body: (State) throws(GeoKernelError) -> R) throws(GeoKernelError) -> R {
        try lock.read { () throws(GeoKernelError) -> R in try body(state) }
    }
}

extension LandmarkTable.Entry where Extra == Void {
    init(_ l: Landmark) { self.init(landmark: l, extra: ()) }
}

/// Puts neighbours at equal distances in the order of their landmark ids (`id` of a spatial
/// slot) when they are not already; not generic, so one copy serves every table.
private func orderTies(_ hits: inout [SpatialIndex.Neighbor], id: (UInt32) -> UInt64) {
    withoutActuallyEscaping(id) { id in
        let before = { (a: SpatialIndex.Neighbor, b: SpatialIndex.Neighbor) -> Bool in
            a.distanceMeters < b.distanceMeters || (a.distanceMeters == b.distanceMeters && id(a.id) < id(b.id))
        }
        if hits.indices.dropFirst().contains(where: { before(hits[$0], hits[$0 - 1]) }) { hits.sort(by: before) }
    }
}
