import GeoKernel

/// A landmark as a `LandmarkStore` keeps it: a stable string id, the note and its owner,
/// the caller's timestamps, and — for a deleted landmark — a tombstone flag.
///
/// A deleted landmark stays in the store as a tombstone (its last note, owner and place,
/// `deleted == true`) until `LandmarkStore.compact()`, so that the deletion reaches other
/// stores through `changes(since:)`.
///
/// Thread safety: an immutable value; `Sendable`.
/// C twin: the fields `gk_landmark_list_get` reads. \since 0.4
public struct StoredLandmark: Sendable, Hashable, CustomStringConvertible {
    /// The stable id: 1 to 128 bytes of UTF-8 without NUL or line breaks, given by the
    /// caller (a server's object id, a UUID) or generated (32 lowercase hex digits).
    public let id: String
    /// Where the note was left (degrees).
    public let coordinate: Coordinate
    /// The note: 1 to 1 000 bytes of UTF-8, not blank, without NUL.
    public let note: String
    /// The owner's username: 1 to 64 bytes, no NUL or line break.
    public let owner: String
    /// When it was created, in the caller's clock: milliseconds since 1970-01-01 UTC by
    /// convention (the store never reads a clock and only compares these numbers).
    public let createdAt: Int64
    /// When it last changed (edit, delete), in the same clock; ≥ `createdAt`.
    public let updatedAt: Int64
    /// True for a tombstone: the landmark was deleted at `updatedAt`.
    public let deleted: Bool
    /// The local change sequence of its last change (see `LandmarkStore.changes(since:)`);
    /// ignored by `LandmarkStore.apply(_:)`, which numbers what it applies itself.
    public let sequence: Int64

    /// A landmark value; nothing is validated here (the store validates what it stores).
    /// \since 0.4
    public init(
        id: String, coordinate: Coordinate, note: String, owner: String, createdAt: Int64, updatedAt: Int64,
        deleted: Bool = false, sequence: Int64 = 0
    ) {
        self.id = id
        self.coordinate = coordinate
        self.note = note
        self.owner = owner
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deleted = deleted
        self.sequence = sequence
    }

    /// "id owner at (lat, lon): note" (with "deleted" for a tombstone). \since 0.4
    public var description: String {
        "\(id) \(owner) at \(coordinate)\(deleted ? " (deleted)" : ""): \(note)"
    }

    /// The same landmark with another sequence number and deletion flag.
    func with(sequence: Int64, deleted: Bool? = nil) -> StoredLandmark {
        StoredLandmark(
            id: id, coordinate: coordinate, note: note, owner: owner, createdAt: createdAt, updatedAt: updatedAt,
            deleted: deleted ?? self.deleted, sequence: sequence)
    }

    /// Whether two values hold the same content: everything but `sequence`, which is
    /// local to each store.
    /// \since 0.4
    public func sameContent(as other: StoredLandmark) -> Bool {
        id == other.id && coordinate == other.coordinate && note == other.note && owner == other.owner
            && createdAt == other.createdAt && updatedAt == other.updatedAt && deleted == other.deleted
    }

    /// The conflict rule of `LandmarkStore.apply(_:)`: whether this version of a landmark
    /// replaces `other`, another version of the same id. The later `updatedAt` wins; on
    /// equal `updatedAt` a deletion wins over an upsert; then the larger note, owner,
    /// latitude, longitude and `createdAt` win, compared in that order (texts by their
    /// UTF-8 bytes, numbers by value). Identical content does not win (nothing changes).
    /// Every store decides the same way whatever order changes arrive in, so stores that
    /// exchange all their changes end with the same content.
    /// \since 0.4
    public func wins(over other: StoredLandmark) -> Bool {
        if updatedAt != other.updatedAt { return updatedAt > other.updatedAt }
        if deleted != other.deleted { return deleted }
        if !note.utf8.elementsEqual(other.note.utf8) { return !note.utf8.lexicographicallyPrecedes(other.note.utf8) }
        if !owner.utf8.elementsEqual(other.owner.utf8) { return !owner.utf8.lexicographicallyPrecedes(other.owner.utf8) }
        if coordinate.latitude != other.coordinate.latitude { return coordinate.latitude > other.coordinate.latitude }
        if coordinate.longitude != other.coordinate.longitude { return coordinate.longitude > other.coordinate.longitude }
        return createdAt > other.createdAt
    }

    /// The longest id in UTF-8 bytes. \since 0.4
    public static let maxIDBytes = 128

    /// Checks an id: 1 to `maxIDBytes` bytes, no NUL or line break.
    static func checkID(_ id: String) throws(GeoKernelError) {
        guard !id.isEmpty else { throw .invalid("the landmark id is empty") }
        guard id.utf8.count <= maxIDBytes else {
            throw .invalid("the landmark id '\(id.prefix(20))…' has \(id.utf8.count) bytes; at most \(maxIDBytes) are allowed")
        }
        guard !id.utf8.contains(where: { $0 == 0 || $0 == 10 || $0 == 13 }) else {
            throw .invalid("the landmark id contains a NUL character or a line break")
        }
    }

    /// Checks every field of a landmark to be stored.
    func validate() throws(GeoKernelError) {
        try Self.checkID(id)
        try Landmark.checkNote(note)
        try Landmark.checkUser(owner, "owner's username")
        guard updatedAt >= createdAt else {
            throw .invalid("landmark '\(id)': updatedAt \(updatedAt) is before createdAt \(createdAt)")
        }
    }

    /// A new random id: 128 bits from the system's cryptographic generator
    /// (`SystemRandomNumberGenerator`, getrandom(2) on Linux) as 32 lowercase hex digits.
    static func generateID() -> String {
        var rng = SystemRandomNumberGenerator()
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<2 {
            var v = rng.next()
            for _ in 0..<16 {
                bytes.append(hex[Int(v & 15)])
                v >>= 4
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// One landmark found by `LandmarkStore.search(_:)`, with its distance from the user.
///
/// Thread safety: a value; `Sendable`. C twin: an entry of the `gk_landmark_list` that
/// `gk_landmark_store_search` returns. \since 0.4
public struct StoredLandmarkResult: Sendable, Hashable {
    /// The landmark as it was when the search ran.
    public let landmark: StoredLandmark
    /// Great-circle distance from the user in metres (sphere, R = 6 371 008.8 m).
    public let distanceMeters: Double
    /// The distance for people, e.g. "12.5 m away" (`DistanceHint.text`).
    public let hint: String
}
