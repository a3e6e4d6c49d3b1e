import CSQLite
import GeoKernel

/// The shared landmarks of the Landmark-Remark app in an SQLite database file: many
/// threads and processes add, edit, delete and search at once; every change is a
/// transaction; changes carry a monotonic sequence so apps can sync (`changes(since:)`,
/// `apply(_:)`).
///
/// - The file: SQLite in WAL mode (readers never wait for writers), a busy timeout for
///   writers (each change starts with `BEGIN IMMEDIATE`, waits for the write lock up to
///   `busyTimeoutMilliseconds`, and is retried), schema version in `PRAGMA user_version`
///   and the application id "GKLS" in `PRAGMA application_id`; an older schema is
///   migrated on open, a newer one, another application's database or a file that is
///   not SQLite is refused with `.corrupt`.
/// - Ids are strings (a server's object id, a UUID) or generated (128 random bits);
///   `createdAt` and `updatedAt` come from the caller (no hidden clock); deletions stay as
///   tombstones until `compact(through:)`.
/// - Only a landmark's owner may edit or delete it (usernames compared byte for byte);
///   `apply(_:)` is the exception: it takes a server's word.
/// - Searches are answered from an in-memory mirror of the table (`LandmarkIndex`'s storage)
///   (the same results, order and hints as `LandmarkIndex.search`; equal distances in
///   insertion order). Before answering, the store asks SQLite whether another connection
///   committed (`PRAGMA data_version`) and reads those changes first, so a search sees
///   every change committed before it started, from any process.
///
/// Thread safety: `Sendable`; any number of threads may use one store. Changes and the
/// freshness check take turns on the store's one connection; searches then run
/// concurrently on the mirror, each seeing a whole number of transactions (never half of
/// one). Several stores (or processes) may open the same file.
///
/// C twin: `gk_landmark_store` (`gk_landmark_store_open`, `_close`, `_add`, `_edit`,
/// `_delete`, `_get`, `_search`, `_changes`, `_apply`, `_compact`, `_import`). \since 0.4
public final class LandmarkStore: @unchecked Sendable {
    /// How hard a commit pushes data to the disk.
    ///
    /// C twin: `GK_DURABILITY_FULL`, `GK_DURABILITY_NORMAL`. \since 0.4
    public enum Durability: Sendable, Hashable {
        /// `PRAGMA synchronous = FULL`: the WAL is fsync'd at every commit; a committed
        /// change survives a power cut.
        case full
        /// `PRAGMA synchronous = NORMAL`: a committed change survives a crash of the
        /// process (kill -9) but the last ones may be lost in a power cut; faster.
        case normal
    }

    /// The database file.
    public let path: String
    /// How long a writer waits for another connection's write lock, per attempt (three
    /// attempts), in milliseconds.
    public static let busyTimeoutMilliseconds: Int32 = 10_000

    /// Serialises the connection: writes, the freshness check and SQL reads.
    let lock = ReadWriteLock()
    /// Guards `index` and `liveCount` together: searches read, refreshes write.
    let mirrorLock = ReadWriteLock()
    var connection: SQLiteConnection?
    var statements: StoreStatements?

    /// The mirror: a LandmarkTable (place, note and owner, and the rest of each row as
    /// its `MirrorRow`) whose landmark ids are dense mirror numbers, given in row order
    /// (`nextMirrorNumber` is the next); `mirrorNumbers` maps table rows to mirror
    /// numbers (used only under `lock`). Numbers follow rows, so equal distances come in
    /// row (insertion) order.
    var index = LandmarkTable<MirrorRow>()
    var liveCount = 0
    var nextMirrorNumber: UInt64 = 0
    var mirrorNumbers = DenseKeyMap()

    /// Changes up to this sequence are in the mirror.
    var mirrorSequence: Int64 = 0
    /// The compaction count the mirror was loaded at (another process's compaction
    /// forces a full reload, since removed tombstones cannot be read).
    var mirrorCompactions: Int64 = -1
    /// PRAGMA data_version when the mirror was last brought up to date.
    var dataVersion: Int64 = -1
    /// The wal-index header at the last check of `dataVersion` (nil: check again).
    var checkedHeader: WALIndexHeader?
    /// How many times the store asked SQLite for `PRAGMA data_version` (tests).
    package internal(set) var dataVersionQueries = 0
    /// How many rows the last full reload of the mirror reserved room for (tests).
    package internal(set) var mirrorReservedRows = 0

    /// Opens the landmark store at `path`, creating the file when it does not exist, and
    /// loads the in-memory search index (timing beside `LandmarkIndex(contentsOf:)` for
    /// the same landmarks: `landmarks.store.open.1m` in the benchmark table).
    ///
    /// - Parameters:
    ///   - path: the database file (its `-wal` and `-shm` files appear beside it).
    ///   - durability: see `Durability`; default `.full`.
    /// - Throws: `.corrupt` for a file that is not SQLite, another application's SQLite
    ///   database, a store written by a newer version of GeoKernel (the message names both
    ///   versions) or damaged rows (a value of the wrong type, a bad coordinate, text that
    ///   is not UTF-8); `.invalidArgument` for an empty path or ":memory:" (SQLite's
    ///   temporary databases; a path beginning "file:" names a file, not a URI); `.io` when the file cannot be opened or created, is
    ///   not a regular file (a FIFO, device or directory is refused at once), or stayed
    ///   locked.
    /// - Complexity: O(n log n) for n stored landmarks.
    /// - C twin: `gk_landmark_store_open`.
    /// \since 0.4
    public convenience init(path: String, durability: Durability = .full) throws(GeoKernelError) {
        try self.init(path: path, durability: durability, migratingTo: Self.schemaVersion)
    }

    /// Opens the store, migrating its schema no further than `version` (tests create
    /// older versions with it).
    package init(path: String, durability: Durability, migratingTo version: Int32) throws(GeoKernelError) {
        self.path = path
        let c = try SQLiteConnection(path: path, busyTimeoutMilliseconds: Self.busyTimeoutMilliseconds)
        connection = c
        // The mirror holds every live landmark: ask for 8 times the files' size first.
        try CheckedAllocation.requireHeadroom(
            CheckedAllocation.peakEstimate(inputBytes: c.storedBytes(), factor: 8), "opening the landmark store '\(path)'")
        do throws(GeoKernelError) {
            try prepareSchema(c, upTo: version)
            try c.exec(durability == .full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
            statements = try StoreStatements(c)
            try lock.write { () throws(GeoKernelError) in try refresh(force: true) }
        } catch where error.code == .internal {
            // The store's own SQL fails on its own schema only when the file was damaged
            // (a mangled table definition, a missing column).
            throw GeoKernelError(.corrupt, "the landmark store '\(path)' is damaged: \(error.message)")
        }
    }

    deinit {
        statements?.finalizeAll()
        connection?.close()
    }

    /// Closes the database; later calls throw `.misuse`. Idempotent.
    ///
    /// - Complexity: O(1). C twin: `gk_landmark_store_close`.
    /// \since 0.4
    public func close() {
        lock.write {
            statements?.finalizeAll()
            statements = nil
            connection?.close()
            connection = nil
        }
    }

    /// The open connection and statements (called under `lock`).
    func open() throws(GeoKernelError) -> (SQLiteConnection, StoreStatements) {
        guard let c = connection, let s = statements else {
            throw GeoKernelError(.misuse, "the landmark store '\(path)' is closed")
        }
        return (c, s)
    }

    /// The number of landmarks (tombstones not counted), including other processes'
    /// latest commits.
    ///
    /// - Complexity: O(1) plus reading new changes. C twin: `gk_landmark_store_count`.
    /// \since 0.4
    public func count() throws(GeoKernelError) -> Int {
        try lock.write { () throws(GeoKernelError) in try refresh(force: false) }
        return mirrorLock.read { liveCount }
    }

    /// The landmark with this id — a tombstone (`deleted == true`) when it was deleted and
    /// not yet compacted — or nil, read from the database.
    ///
    /// - Throws: `.invalidArgument` for an invalid id; `.misuse` once closed.
    /// - Complexity: O(log n). C twin: `gk_landmark_store_get`.
    /// \since 0.4
    public func landmark(id: String) throws(GeoKernelError) -> StoredLandmark? {
        try StoredLandmark.checkID(id)
        return try lock.write { () throws(GeoKernelError) -> StoredLandmark? in
            let (_, s) = try open()
            return try s.find(id, path)?.landmark
        }
    }

    /// Every landmark in id order (byte order of the UTF-8 ids), tombstones too when
    /// asked: a consistent snapshot of the database.
    ///
    /// - Complexity: O(n log n). C twin: none (`gk_landmark_store_changes` from 0).
    /// \since 0.4
    public func all(includingDeleted: Bool = false) throws(GeoKernelError) -> [StoredLandmark] {
        try lock.write { () throws(GeoKernelError) -> [StoredLandmark] in
            let (c, s) = try open()
            let q = try c.prepare(
                "SELECT \(StoreStatements.columns) FROM landmarks\(includingDeleted ? "" : " WHERE deleted = 0") ORDER BY id")
            defer { q.finalize() }
            var out: [StoredLandmark] = []
            while try q.step() { out.append(try s.decode(q, path).landmark) }
            return out
        }
    }

    /// The sequence of the latest change in this database (0 when none): the cursor
    /// that `changes(since:)` with this value starts after.
    ///
    /// - Complexity: O(1). C twin: `gk_landmark_store_sequence`.
    /// \since 0.4
    public func sequence() throws(GeoKernelError) -> Int64 {
        try lock.write { () throws(GeoKernelError) -> Int64 in
            let (c, s) = try open()
            return try c.readTransaction { () throws(GeoKernelError) in try s.meta("seq") }
        }
    }
}

extension SQLiteConnection {
    /// Runs `body` in a read transaction: one consistent snapshot of the database.
    func readTransaction<R>(_ body: () throws(GeoKernelError) -> R) throws(GeoKernelError) -> R {
        try exec("BEGIN")
        return try committing(body)
    }

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`: takes the write lock at
    /// once, waiting up to the busy timeout; tried three times), committed when `body`
    /// returns and rolled back when it throws.
    func writeTransaction<R>(_ body: () throws(GeoKernelError) -> R) throws(GeoKernelError) -> R {
        var attempt = 0
        while true {
            do throws(GeoKernelError) {
                try exec("BEGIN IMMEDIATE")
                break
            } catch {
                attempt += 1
                guard lastFailure == SQLITE_BUSY || lastFailure == SQLITE_LOCKED, attempt < 3 else { throw error }
            }
        }
        return try committing(body)
    }

    /// Runs `body` in the transaction just begun: commits when it returns, rolls back
    /// when it (or the commit) throws.
    private func committing<R>(_ body: () throws(GeoKernelError) -> R) throws(GeoKernelError) -> R {
        do {
            let r = try body()
            try exec("COMMIT")
            return r
        } catch {
            try? exec("ROLLBACK")
            throw error
        }
    }
}
