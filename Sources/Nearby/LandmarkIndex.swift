import GeoKernel

/// The shared landmarks of the Landmark-Remark app: notes left at places by users, found
/// nearest-first from a user's position.
///
/// Anyone may add a landmark; only its owner may edit its note or delete it. Searches run
/// on `GeoKernel.SpatialIndex` (great-circle distances on the sphere, R = 6 371 008.8 m,
/// exact across the antimeridian and at the poles; equal distances in landmark order).
///
/// Thread safety: `Sendable`; any number of threads may search at the same time while
/// others add, edit and delete. A reader–writer lock makes every operation atomic:
/// a search sees each landmark either before or after a change, never half-changed, and
/// no change is lost. Searches run concurrently with each other; changes run one at a
/// time.
///
/// C twin: `gk_landmarks` (`gk_landmarks_create`, `_add`, `_edit_note`, `_delete`,
/// `_search`, `_get`, `_count`, `_save`, `_load`, `_destroy`). \since 0.1
public final class LandmarkIndex: @unchecked Sendable {
    typealias State = LandmarkTable<Void>.State
    typealias Entry = LandmarkTable<Void>.Entry

    /// The landmarks, behind their lock (the same table as a store's mirror, with nothing
    /// beside each landmark).
    let table: LandmarkTable<Void>
    private var lock: ReadWriteLock { table.lock }
    private var state: State {
        _read { yield table.state }
        _modify { yield &table.state }
    }

    /// An empty set of landmarks.
    ///
    /// - Complexity: O(1). C twin: `gk_landmarks_create`.
    /// \since 0.1
    public init() { table = LandmarkTable(state: State()) }

    init(state: State) { table = LandmarkTable(state: state) }

    /// The number of landmarks.
    ///
    /// - Complexity: O(1). C twin: `gk_landmarks_count`.
    /// \since 0.1
    public var count: Int { lock.read { state.slots.count } }

    /// The landmark with this id, or nil.
    ///
    /// - Complexity: O(1). C twin: `gk_landmarks_get`.
    /// \since 0.1
    public func landmark(id: UInt64) -> Landmark? {
        lock.read { state.slots[id].flatMap { state.entries[Int($0)]?.landmark } }
    }

    /// Every landmark, in id order (a consistent snapshot).
    ///
    /// - Complexity: O(n log n).
    /// \since 0.1
    public var all: [Landmark] {
        Self.byID(lock.read { state.entries.compactMap { $0?.landmark } })
    }

    /// `landmarks` by increasing id.
    static func byID(_ landmarks: [Landmark]) -> [Landmark] { landmarks.sorted { $0.id < $1.id } }

    /// Adds a landmark owned by `owner` and returns it with its new id.
    ///
    /// - Throws: `.invalidArgument` for an empty or over-long note (1 000 bytes) or
    ///   username (64 bytes), or one with a NUL character (or a line break in a
    ///   username); `.capacity` when 4 294 967 295 landmarks were added to this object,
    ///   or when the ids are used up (the next id would be 2^64 − 1).
    /// - Complexity: amortised O(log n). C twin: `gk_landmarks_add`.
    /// \since 0.1
    @discardableResult
    public func add(at coordinate: Coordinate, note: String, owner: String) throws(GeoKernelError) -> Landmark {
        try Landmark.checkNote(note)
        try Landmark.checkUser(owner, "owner's username")
        return try lock.write { () throws(GeoKernelError) -> Landmark in
            guard state.nextLandmarkID < Landmark.idLimit else {
                throw GeoKernelError(.capacity, "no landmark ids are left: the last id, \(Landmark.idLimit - 1), was given out")
            }
            let landmark = Landmark(id: state.nextLandmarkID, coordinate: coordinate, note: note, owner: owner)
            let slot = try state.spatial.insert(coordinate)
            state.nextLandmarkID += 1
            state.place(Entry(landmark), at: slot)
            state.slots[landmark.id] = slot
            return landmark
        }
    }

    /// Replaces the note of a landmark; only its owner may.
    ///
    /// - Throws: `.notFound` for an unknown id; `.permission` when `user` is not the
    ///   owner; `.invalidArgument` for an invalid note.
    /// - Complexity: O(1). C twin: `gk_landmarks_edit_note`.
    /// \since 0.1
    @discardableResult
    public func editNote(id: UInt64, note: String, by user: String) throws(GeoKernelError) -> Landmark {
        try Landmark.checkNote(note)
        return try lock.write { () throws(GeoKernelError) -> Landmark in
            let slot = try ownedSlot(id, user, "edit")
            let old = state.entries[Int(slot)]!.landmark
            let updated = Landmark(id: id, coordinate: old.coordinate, note: note, owner: old.owner)
            state.entries[Int(slot)] = Entry(updated)
            return updated
        }
    }

    /// Deletes a landmark; only its owner may.
    ///
    /// - Throws: `.notFound` for an unknown id; `.permission` when `user` is not the owner.
    /// - Complexity: amortised O(1). C twin: `gk_landmarks_delete`.
    /// \since 0.1
    public func delete(id: UInt64, by user: String) throws(GeoKernelError) {
        try lock.write { () throws(GeoKernelError) in
            let slot = try ownedSlot(id, user, "delete")
            try state.spatial.remove(id: slot)
            state.entries[Int(slot)] = nil
            state.slots[id] = nil
        }
    }

    /// The spatial slot of landmark `id` if `user` owns it (called under the write lock).
    private func ownedSlot(_ id: UInt64, _ user: String, _ action: String) throws(GeoKernelError) -> UInt32 {
        guard let slot = state.slots[id], let entry = state.entries[Int(slot)] else {
            throw GeoKernelError(.notFound, "no landmark with id \(id)")
        }
        guard Landmark.sameUser(entry.landmark.owner, user) else {
            throw GeoKernelError(
                .permission, "landmark \(id) belongs to '\(entry.landmark.owner)'; '\(user)' may not \(action) it")
        }
        return slot
    }

    /// The landmarks matching `search`, nearest first (equal distances: lower id first),
    /// at most `search.limit`, each with its distance and a hint for people.
    ///
    /// - Throws: `.invalidArgument` for a negative limit or an invalid username.
    /// - Complexity: about O(log n + limit) when most landmarks match; a selective text
    ///   or scope makes the search visit more landmarks (up to all of them).
    /// - Thread safety: runs concurrently with other searches.
    /// - C twin: `gk_landmarks_search`.
    /// \since 0.1
    public func search(_ search: LandmarkSearch) throws(GeoKernelError) -> [LandmarkResult] {
        try table.hits(search) { (landmark, _, meters) throws(GeoKernelError) in
            LandmarkResult(
                landmark: landmark, distanceMeters: meters,
                hint: DistanceHint.text(meters: meters, accuracyMeters: search.accuracyMeters))
        }
    }

}

extension String {
    /// `lowercased()`, with a fast path for text whose only capitals are ASCII (most notes
    /// and usernames, "Café" included): the same result, without Unicode case mapping
    /// (only a property lookup per non-ASCII scalar), and without a copy when the text
    /// has no capital letter.
    ///
    /// A scalar beyond ASCII that does not change when lowercased (Unicode's
    /// Changes_When_Lowercased) keeps its bytes, so only the ASCII capitals change; any
    /// other scalar sends the whole text through `lowercased()`.
    ///
    /// - Complexity: O(n) in UTF-8 bytes.
    package func asciiFastLowercased() -> String {
        var hasUpper = false, beyondASCII = false
        for b in utf8 {
            if b >= 0x80 {
                beyondASCII = true
            } else if b &- 65 < 26 {
                hasUpper = true
            }
        }
        if beyondASCII && unicodeScalars.contains(where: { !$0.isASCII && $0.properties.changesWhenLowercased }) {
            return lowercased()
        }
        guard hasUpper else { return self }
        let n = utf8.count
        return String(unsafeUninitializedCapacity: n) { buffer in
            var i = 0
            for b in utf8 {
                buffer[i] = b &- 65 < 26 ? b | 0x20 : b
                i += 1
            }
            return n
        }
    }

    /// True when `needle` (lowercased) occurs in `asciiFastLowercased()` of the string as a
    /// run of whole characters: without lowercasing or copying when both are ASCII without
    /// a carriage return (each byte then one character: the A–Z of the string folded as
    /// it is compared), else through `asciiFastLowercased().containsCharacters(needle)`.
    ///
    /// - Complexity: O(n · m) in bytes or characters; notes and names are short.
    package func containsFolded(_ needle: String) -> Bool {
        if let found = Self.asciiFoldedSearch(self, needle) { return found }
        return asciiFastLowercased().containsCharacters(needle)
    }

    /// The ASCII path of `containsFolded`, or nil when either text leaves it.
    private static func asciiFoldedSearch(_ haystack: String, _ needle: String) -> Bool? {
        var haystack = haystack, needle = needle  // withUTF8 may make them contiguous
        return haystack.withUTF8 { h -> Bool? in
            needle.withUTF8 { n -> Bool? in
                for b in n where b >= 0x80 || b == 0x0D { return nil }
                for b in h where b >= 0x80 || b == 0x0D { return nil }
                guard n.count <= h.count else { return n.isEmpty }
                guard let first = n.first else { return true }
                var i = 0
                while i <= h.count - n.count {
                    let b = h[i]
                    if (b &- 65 < 26 ? b | 0x20 : b) == first {
                        var j = 1
                        while j < n.count {
                            let c = h[i + j]
                            if (c &- 65 < 26 ? c | 0x20 : c) != n[j] { break }
                            j += 1
                        }
                        if j == n.count { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }

    /// True when `needle` occurs in the string as a run of whole characters (canonical
    /// equivalence, as `String ==`). Written with the core library only: the standard
    /// `contains(_: some StringProtocol)` lives in `_StringProcessing`, whose regex engine
    /// would add about 0.9 MB to `libgeokernel.so`.
    ///
    /// - Complexity: O(n · m) in characters; notes and names are short.
    package func containsCharacters(_ needle: String) -> Bool {
        if needle.isEmpty { return true }
        var i = startIndex
        while i < endIndex {
            if self[i...].starts(with: needle) { return true }
            formIndex(after: &i)
        }
        return false
    }
}
