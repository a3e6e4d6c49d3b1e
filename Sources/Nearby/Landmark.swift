import GeoKernel

/// A note left at a place: the Landmark-Remark app's unit of data.
///
/// Thread safety: an immutable value; `Sendable`.
/// C twin: the fields read by `gk_landmarks_get`. \since 0.1
public struct Landmark: Sendable, Hashable, CustomStringConvertible {
    /// Unique within one `LandmarkIndex`, assigned by `add`, never reused (1, 2, 3 …).
    public let id: UInt64
    /// Where the note was left (degrees).
    public let coordinate: Coordinate
    /// The note: 1 to 1 000 bytes of UTF-8 text, without NUL.
    public let note: String
    /// The username of the person who left it: 1 to 64 bytes, no NUL or line break.
    public let owner: String

    /// A landmark value as `LandmarkIndex` hands it out (values are not validated here;
    /// `LandmarkIndex.add` validates). \since 0.1
    public init(id: UInt64, coordinate: Coordinate, note: String, owner: String) {
        self.id = id
        self.coordinate = coordinate
        self.note = note
        self.owner = owner
    }

    /// "#id owner at (lat, lon): note". \since 0.1
    public var description: String { "#\(id) \(owner) at \(coordinate): \(note)" }

    /// Longest note in UTF-8 bytes.
    /// \since 0.1
    public static let maxNoteBytes = 1_000
    /// Longest username in UTF-8 bytes.
    /// \since 0.1
    public static let maxOwnerBytes = 64

    /// Ids are 1 ..< `idLimit` (2^64 − 1); a landmark file whose next id is 0 or
    /// `idLimit` is refused.
    static let idLimit = UInt64.max

    /// Whether two usernames are the same user: their UTF-8 bytes are equal (not Unicode
    /// canonical equivalence: "josé" in NFC and "jose\u{301}" in NFD are two users).
    static func sameUser(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

    /// Checks a note: not empty or blank, at most `maxNoteBytes` bytes, no NUL.
    static func checkNote(_ note: String) throws(GeoKernelError) {
        guard note.contains(where: { !$0.isWhitespace }) else { throw .invalid("the note is empty") }
        guard note.utf8.count <= maxNoteBytes else {
            throw .invalid("the note has \(note.utf8.count) bytes; at most \(maxNoteBytes) are allowed")
        }
        guard !note.utf8.contains(0) else { throw .invalid("the note contains a NUL character") }
    }

    /// Checks a username: not empty, at most `maxOwnerBytes` bytes, no NUL or line break.
    static func checkUser(_ user: String, _ role: String = "username") throws(GeoKernelError) {
        guard !user.isEmpty else { throw .invalid("the \(role) is empty") }
        guard user.utf8.count <= maxOwnerBytes else {
            throw .invalid("the \(role) '\(user.prefix(20))…' has \(user.utf8.count) bytes; at most \(maxOwnerBytes) are allowed")
        }
        guard !user.utf8.contains(where: { $0 == 0 || $0 == 10 || $0 == 13 }) else {
            throw .invalid("the \(role) contains a NUL character or a line break")
        }
    }
}

/// How far from the user a search looks: the app's radius preference.
///
/// C twin: the `radius_m` argument of `gk_landmarks_search` (`GK_RADIUS_*`). \since 0.1
public enum SearchRadius: Sendable, Hashable, CaseIterable {
    case oneKilometer, tenKilometers, hundredKilometers, global

    /// The radius in metres along the sphere (R = 6 371 008.8 m); `.infinity` for global.
    /// \since 0.1
    public var meters: Double {
        switch self {
        case .oneKilometer: 1_000
        case .tenKilometers: 10_000
        case .hundredKilometers: 100_000
        case .global: .infinity
        }
    }
}

/// Whose landmarks a search returns, relative to the searching user.
///
/// C twin: `GK_SCOPE_ALL`, `GK_SCOPE_MINE`, `GK_SCOPE_OTHERS`. \since 0.1
public enum SearchScope: Sendable, Hashable, CaseIterable {
    /// Everyone's.
    case all
    /// Only the user's own (owner equal to the user: the same UTF-8 bytes).
    case mine
    /// Everyone's but the user's.
    case others
}

/// A search from the user's position: nearest first, within a radius preference,
/// optionally filtered by text and by owner.
///
/// Thread safety: a value; `Sendable`. C twin: the arguments of `gk_landmarks_search`.
/// \since 0.1
public struct LandmarkSearch: Sendable, Hashable {
    /// Where the user is (degrees).
    public var position: Coordinate
    /// Who is searching: the reference of `scope`.
    public var user: String
    /// How far to look; default global.
    public var radius: SearchRadius
    /// Text matched case-insensitively as a substring of the note or of the owner's
    /// name; nil or blank matches everything.
    public var text: String?
    /// Whose landmarks; default everyone's.
    public var scope: SearchScope
    /// At most this many results (≥ 0); default 50.
    public var limit: Int
    /// The accuracy of `position` in metres, if known: it shapes the distance hints
    /// (see `DistanceHint`).
    public var accuracyMeters: Double?

    /// A search from `position` by `user`; see the properties for the defaults.
    /// \since 0.1
    public init(
        position: Coordinate, user: String, radius: SearchRadius = .global, text: String? = nil,
        scope: SearchScope = .all, limit: Int = 50, accuracyMeters: Double? = nil
    ) {
        self.position = position
        self.user = user
        self.radius = radius
        self.text = text
        self.scope = scope
        self.limit = limit
        self.accuracyMeters = accuracyMeters
    }
}

/// One landmark found by a search, with its distance from the user.
///
/// Thread safety: a value; `Sendable`. C twin: `out_ids` and `out_m` of
/// `gk_landmarks_search`. \since 0.1
public struct LandmarkResult: Sendable, Hashable {
    /// The landmark as it was when the search ran.
    public let landmark: Landmark
    /// Great-circle distance from the user in metres (sphere, R = 6 371 008.8 m).
    public let distanceMeters: Double
    /// The distance for people, e.g. "12.5 m away" (`DistanceHint.text`).
    public let hint: String
}
