import GeoKernel

/// The landmark store's prepared statements, prepared once per connection, and the one
/// decoder of a table row.
///
/// The table (schema version 2, `LandmarkStore+Schema.swift`):
/// `landmarks(row INTEGER PRIMARY KEY, id TEXT UNIQUE, latitude, longitude, note, owner,
/// created_at, updated_at, deleted, seq)`; `meta(key, value)` holds the change counter
/// (`seq`), the sequence up to which tombstones were compacted (`compacted_through`) and
/// the number of compactions (`compactions`).
final class StoreStatements {
    static let columns = "row, id, latitude, longitude, note, owner, created_at, updated_at, deleted, seq"

    let insert: SQLiteStatement
    let update: SQLiteStatement
    let byID: SQLiteStatement
    let since: SQLiteStatement
    let live: SQLiteStatement
    let readMeta: SQLiteStatement
    let writeMeta: SQLiteStatement
    let dataVersion: SQLiteStatement
    let lastRow: SQLiteStatement

    unowned let connection: SQLiteConnection

    init(_ c: SQLiteConnection) throws(GeoKernelError) {
        connection = c
        insert = try c.prepare(
            "INSERT INTO landmarks(id, latitude, longitude, note, owner, created_at, updated_at, deleted, seq) "
                + "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")
        update = try c.prepare(
            "UPDATE landmarks SET latitude = ?2, longitude = ?3, note = ?4, owner = ?5, created_at = ?6, "
                + "updated_at = ?7, deleted = ?8, seq = ?9 WHERE id = ?1")
        byID = try c.prepare("SELECT \(Self.columns) FROM landmarks WHERE id = ?1")
        since = try c.prepare("SELECT \(Self.columns) FROM landmarks WHERE seq > ?1 ORDER BY seq LIMIT ?2")
        live = try c.prepare("SELECT \(Self.columns) FROM landmarks WHERE deleted = 0 ORDER BY row")
        readMeta = try c.prepare("SELECT value FROM meta WHERE key = ?1")
        writeMeta = try c.prepare("UPDATE meta SET value = ?2 WHERE key = ?1")
        dataVersion = try c.prepare("PRAGMA data_version")
        lastRow = try c.prepare("SELECT coalesce(max(row), 0) FROM landmarks")
    }

    func finalizeAll() {
        for s in [insert, update, byID, since, live, readMeta, writeMeta, dataVersion, lastRow] { s.finalize() }
    }

    /// Binds a landmark to `insert` or `update` (same parameter numbers).
    func bind(_ s: SQLiteStatement, _ l: StoredLandmark, sequence: Int64) {
        s.bind(1, l.id)
        s.bind(2, l.coordinate.latitude)
        s.bind(3, l.coordinate.longitude)
        s.bind(4, l.note)
        s.bind(5, l.owner)
        s.bind(6, l.createdAt)
        s.bind(7, l.updatedAt)
        s.bind(8, Int64(l.deleted ? 1 : 0))
        s.bind(9, sequence)
    }

    /// The current row of a statement selecting `columns`: its row number and landmark.
    /// A row that could not have been written by the store (a value of the wrong storage
    /// class, a bad coordinate, text that is not UTF-8) is `.corrupt`.
    func decode(_ s: SQLiteStatement, _ path: String) throws(GeoKernelError) -> (row: UInt64, landmark: StoredLandmark) {
        guard let row = s.integer(0), row > 0, let id = s.text(1), let latitude = s.number(2), let longitude = s.number(3),
            let note = s.text(4), let owner = s.text(5), let createdAt = s.integer(6), let updatedAt = s.integer(7),
            let deleted = s.integer(8), deleted == 0 || deleted == 1, let sequence = s.integer(9)
        else {
            throw GeoKernelError(
                .corrupt, "the landmark store '\(path)' is damaged: row \(s.int64(0)) has a missing value, a value of the wrong type or non-UTF-8 text")
        }
        let coordinate: Coordinate
        do throws(GeoKernelError) {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw GeoKernelError(.corrupt, "the landmark store '\(path)' is damaged: landmark '\(id)': \(error.message)")
        }
        return (UInt64(row), StoredLandmark(
            id: id, coordinate: coordinate, note: note, owner: owner, createdAt: createdAt, updatedAt: updatedAt,
            deleted: deleted != 0, sequence: sequence))
    }

    func meta(_ key: String) throws(GeoKernelError) -> Int64 {
        defer { readMeta.reset() }
        readMeta.bind(1, key)
        guard try readMeta.step() else { throw GeoKernelError(.corrupt, "the landmark store has no '\(key)' entry in its meta table") }
        guard let v = readMeta.integer(0) else { throw GeoKernelError(.corrupt, "the landmark store's meta entry '\(key)' is not an integer") }
        return v
    }

    func setMeta(_ key: String, _ value: Int64) throws(GeoKernelError) {
        writeMeta.bind(1, key)
        writeMeta.bind(2, value)
        try writeMeta.run()
    }

    /// The landmark with this id (tombstones included), or nil.
    func find(_ id: String, _ path: String) throws(GeoKernelError) -> (row: UInt64, landmark: StoredLandmark)? {
        defer { byID.reset() }
        byID.bind(1, id)
        guard try byID.step() else { return nil }
        return try decode(byID, path)
    }

    /// The largest row number (0 when empty).
    func maxRow() throws(GeoKernelError) -> Int64 {
        defer { lastRow.reset() }
        guard try lastRow.step() else { return 0 }
        return lastRow.int64(0)
    }

    /// PRAGMA data_version: changes when another connection commits.
    func currentDataVersion() throws(GeoKernelError) -> Int64 {
        defer { dataVersion.reset() }
        guard try dataVersion.step() else { throw GeoKernelError(.internal, "PRAGMA data_version returned no row") }
        return dataVersion.int64(0)
    }
}
