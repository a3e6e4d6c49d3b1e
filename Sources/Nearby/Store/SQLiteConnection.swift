#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSQLite
import GeoKernel

/// One SQLite connection (the landmark store's only door to `libsqlite3`): open, run
/// statements, map SQLite's result codes to `GeoKernelError`.
///
/// Thread safety: not thread-safe; the store serialises every use behind its own lock
/// (the connection is opened with SQLITE_OPEN_NOMUTEX).
final class SQLiteConnection {
    let path: String
    private(set) var handle: OpaquePointer?
    /// The primary SQLite result code of the latest failure (SQLITE_BUSY, SQLITE_CONSTRAINT
    /// …), for callers that react to one kind of failure.
    private(set) var lastFailure: Int32 = SQLITE_OK
    /// SQLite's mapping of the WAL index (see `walIndexHeader`).
    private var walIndex: UnsafeRawPointer?

    /// Opens (or creates) the database file at `path` with a busy timeout, so a writer that
    /// finds the database locked by another process waits instead of failing.
    /// `path` names a file: "" and ":memory:" (SQLite's temporary and in-memory databases,
    /// whose contents vanish at close) are refused, and a path beginning "file:" opens the
    /// file of that name, not a URI.
    init(path: String, busyTimeoutMilliseconds: Int32) throws(GeoKernelError) {
        self.path = path
        guard !path.isEmpty, path != ":memory:" else {
            throw GeoKernelError.invalid(
                "the landmark store needs a file path, not '\(path)' (SQLite's temporary database would lose every write at close)")
        }
        guard !path.utf8.contains(0) else { throw GeoKernelError.invalid("the landmark store path contains a NUL byte") }
        // An existing path must be a regular file (or a link to one): SQLite would block
        // on a FIFO or misread a device. A missing file is created.
        var st = stat()
        if stat(path, &st) == 0 {
            try FileIO.requireRegular(st, path)
        } else if errno != ENOENT {
            throw FileIO.ioError("cannot inspect '\(path)'", errno)
        }
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path.hasPrefix("file:") ? "./" + path : path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(db)
            if rc & 0xFF == SQLITE_NOMEM { throw GeoKernelError(.outOfMemory, "SQLite ran out of memory opening '\(path)'") }
            throw GeoKernelError(.io, "cannot open the landmark store '\(path)': \(message)")
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
    }

    deinit { close() }

    /// Closes the connection; statements must have been finalized. Idempotent.
    func close() {
        walIndex = nil
        guard let db = handle else { return }
        sqlite3_close_v2(db)
        handle = nil
    }

    /// The open handle, or `.misuse` once closed.
    @inline(__always)
    func db() throws(GeoKernelError) -> OpaquePointer {
        guard let handle else { throw GeoKernelError(.misuse, "the landmark store '\(path)' is closed") }
        return handle
    }

    /// The wal-index header as it is now (the first of its two 48-byte copies), or nil
    /// when it cannot be read or is being rewritten (its two copies differ) or is not
    /// initialised. Every commit by any connection changes it, so an equal header means
    /// nothing was committed in between — SQLite's own test before a read. The mapping
    /// belongs to SQLite; it is looked up once, after the first read in WAL mode.
    func walIndexHeader() -> WALIndexHeader? {
        if walIndex == nil, let db = handle { walIndex = CSQLite_wal_index(db) }
        guard let p = walIndex else { return nil }
        var first = WALIndexHeader(), second = WALIndexHeader()
        withUnsafeMutableBytes(of: &first) { $0.copyMemory(from: UnsafeRawBufferPointer(start: p, count: 48)) }
        withUnsafeMutableBytes(of: &second) { $0.copyMemory(from: UnsafeRawBufferPointer(start: p + 48, count: 48)) }
        // isInit is byte 12 (after iVersion, unused and iChange).
        guard first == second, withUnsafeBytes(of: first, { $0[12] }) == 1 else { return nil }
        return first
    }

    /// The bytes of the database file and its write-ahead log now (0 for a missing one):
    /// what a full read of the store can bring into memory.
    func storedBytes() -> Int {
        var st = stat(), total = 0
        for p in [path, path + "-wal"] where stat(p, &st) == 0 { total += Int(st.st_size) }
        return total
    }

    /// Runs SQL without results (one or more statements).
    func exec(_ sql: String) throws(GeoKernelError) {
        let db = try db()
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(db, sql, nil, nil, &message)
        let text = message.map { String(cString: $0) }
        sqlite3_free(message)
        guard rc == SQLITE_OK else { throw error(rc, text ?? "", sql) }
    }

    /// Prepares one statement.
    func prepare(_ sql: String) throws(GeoKernelError) -> SQLiteStatement {
        let db = try db()
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw error(rc, nil, sql) }
        return SQLiteStatement(stmt, connection: self)
    }

    /// The integer result of a one-row, one-column query (e.g. a PRAGMA).
    func integer(_ sql: String) throws(GeoKernelError) -> Int64 {
        let s = try prepare(sql)
        defer { s.finalize() }
        guard try s.step() else { throw GeoKernelError(.internal, "'\(sql)' returned no row") }
        return s.int64(0)
    }

    /// A `GeoKernelError` for a failed SQLite call: a file that is not a database is
    /// `.corrupt`, a full disk or any other I/O trouble `.io`, a database still locked
    /// after the busy timeout `.io` too (the message says so).
    func error(_ rc: Int32, _ message: String?, _ sql: String?) -> GeoKernelError {
        let primary = rc & 0xFF
        lastFailure = primary
        let text = message ?? handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
        let context = sql.map { " (while running \($0.prefix(60)))" } ?? ""
        switch primary {
        case SQLITE_NOTADB:
            return GeoKernelError(.corrupt, "'\(path)' is not a landmark store: not an SQLite database (\(text))")
        case SQLITE_CORRUPT:
            return GeoKernelError(.corrupt, "the landmark store '\(path)' is damaged: \(text)")
        case SQLITE_BUSY, SQLITE_LOCKED:
            return GeoKernelError(.io, "the landmark store '\(path)' stayed locked by another connection: \(text)")
        case SQLITE_NOMEM:
            return GeoKernelError(.outOfMemory, "SQLite ran out of memory on '\(path)'")
        case SQLITE_MISUSE:
            return GeoKernelError(.internal, "SQLite misuse on '\(path)': \(text)\(context)")
        case SQLITE_ERROR, SQLITE_CONSTRAINT, SQLITE_MISMATCH, SQLITE_RANGE:
            return GeoKernelError(.internal, "SQLite error on '\(path)': \(text)\(context)")
        default:
            return GeoKernelError(.io, "reading or writing the landmark store '\(path)' failed: \(text)")
        }
    }
}

/// A prepared statement of a `SQLiteConnection`; reset after each use, finalized once.
final class SQLiteStatement {
    private var stmt: OpaquePointer?
    private unowned let connection: SQLiteConnection

    init(_ stmt: OpaquePointer, connection: SQLiteConnection) {
        self.stmt = stmt
        self.connection = connection
    }

    deinit { finalize() }

    func finalize() {
        sqlite3_finalize(stmt)
        stmt = nil
    }

    /// Clears bindings and rewinds, ready for the next use.
    @inline(__always)
    func reset() {
        sqlite3_reset(stmt)
        sqlite3_clear_bindings(stmt)
    }

    /// Steps once: true when a row is ready, false when done.
    @inline(__always)
    func step() throws(GeoKernelError) -> Bool {
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        let e = connection.error(rc, nil, sqlite3_sql(stmt).map { String(cString: $0) })
        sqlite3_reset(stmt)
        throw e
    }

    /// Steps a statement that returns no rows, then resets it.
    func run() throws(GeoKernelError) {
        defer { reset() }
        while try step() {}
    }

    func bind(_ i: Int32, _ v: Int64) { sqlite3_bind_int64(stmt, i, v) }
    func bind(_ i: Int32, _ v: Double) { sqlite3_bind_double(stmt, i, v) }
    func bind(_ i: Int32, _ v: String) {
        var s = v
        s.withUTF8 { b in
            _ = b.withMemoryRebound(to: CChar.self) { CSQLite_bind_text(stmt, i, $0.baseAddress, Int32(b.count)) }
        }
    }

    func int64(_ c: Int32) -> Int64 { sqlite3_column_int64(stmt, c) }
    func isNull(_ c: Int32) -> Bool { sqlite3_column_type(stmt, c) == SQLITE_NULL }

    // The typed readers below look at a column's storage class before converting it, and
    // give nil for any other class: a damaged row ('x' for a number, a blob, a real where
    // an integer belongs) is never read as SQLite's silent conversion of it.

    /// Column `c` when it holds an integer, else nil.
    func integer(_ c: Int32) -> Int64? {
        sqlite3_column_type(stmt, c) == SQLITE_INTEGER ? sqlite3_column_int64(stmt, c) : nil
    }

    /// Column `c` when it holds a real or an integer, else nil.
    func number(_ c: Int32) -> Double? {
        let t = sqlite3_column_type(stmt, c)
        return t == SQLITE_FLOAT || t == SQLITE_INTEGER ? sqlite3_column_double(stmt, c) : nil
    }

    /// The text of column `c` when it holds text, decoded without repair: invalid UTF-8, a
    /// NUL inside the text (the store never writes one) or another storage class give nil.
    /// (`String(validatingCString:)` is the specialised, fast decoder.)
    func text(_ c: Int32) -> String? {
        guard sqlite3_column_type(stmt, c) == SQLITE_TEXT, let p = sqlite3_column_text(stmt, c) else { return nil }
        let bytes = Int(sqlite3_column_bytes(stmt, c))
        let s = p.withMemoryRebound(to: CChar.self, capacity: bytes + 1) { String(validatingCString: $0) }
        return s?.utf8.count == bytes ? s : nil
    }
}

/// The 48 bytes of a wal-index header, compared whole.
struct WALIndexHeader: Equatable {
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)

    static func == (a: Self, b: Self) -> Bool {
        a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3
            && a.words.4 == b.words.4 && a.words.5 == b.words.5
    }
}
