import GeoKernel

// The store's schema and its versions. `PRAGMA user_version` holds the schema version and
// `PRAGMA application_id` the store's mark; each migration step runs in the same write
// transaction as the version bump, so a store is always at one whole version.
//
//   version 1: tables `landmarks` (row, id, latitude, longitude, note, owner, created_at,
//              updated_at, deleted, seq) and `meta` (seq, compacted_through, compactions)
//   version 2: index `landmarks_by_seq` on landmarks(seq), for changes(since:) and the
//              mirror's refresh without a table scan

extension LandmarkStore {
    /// The schema version this library writes; it opens every older version (migrating
    /// it) and refuses newer ones. C twin: `GK_LANDMARK_STORE_SCHEMA_VERSION`. \since 0.4
    public static let schemaVersion: Int32 = 2
    /// `PRAGMA application_id` of a landmark store: "GKLS".
    static let applicationID: Int64 = 0x474B_4C53

    /// The migration from version `i` to `i + 1` is `migrations[i]`.
    static let migrations: [String] = [
        """
        CREATE TABLE landmarks(
            row INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            note TEXT NOT NULL,
            owner TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            deleted INTEGER NOT NULL,
            seq INTEGER NOT NULL);
        CREATE TABLE meta(key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
        INSERT INTO meta VALUES ('seq', 0), ('compacted_through', 0), ('compactions', 0);
        PRAGMA application_id = \(applicationID);
        """,
        "CREATE INDEX landmarks_by_seq ON landmarks(seq);",
    ]

    /// Checks that the file is a landmark store (or an empty database), switches it to
    /// WAL and migrates it to `target`.
    func prepareSchema(_ c: SQLiteConnection, upTo target: Int32) throws(GeoKernelError) {
        // Look before touching anything: a foreign file must be left as it is.
        let (version, application, objects) = try c.readTransaction { () throws(GeoKernelError) in
            (try c.integer("PRAGMA user_version"), try c.integer("PRAGMA application_id"),
             try c.integer("SELECT count(*) FROM sqlite_schema"))
        }
        try checkOwnership(version: version, application: application, objects: objects)
        let wal = try c.prepare("PRAGMA journal_mode = WAL")
        _ = try wal.step()
        wal.finalize()
        guard version < Int64(target) else { return }
        try c.writeTransaction { () throws(GeoKernelError) in
            // Another process may have migrated meanwhile: read the version again.
            let now = try c.integer("PRAGMA user_version")
            try checkOwnership(
                version: now, application: try c.integer("PRAGMA application_id"),
                objects: try c.integer("SELECT count(*) FROM sqlite_schema"))
            var v = Int(now)
            while v < Int(target) {
                try c.exec(Self.migrations[v])
                v += 1
            }
            try c.exec("PRAGMA user_version = \(v)")
        }
    }

    private func checkOwnership(version: Int64, application: Int64, objects: Int64) throws(GeoKernelError) {
        if version == 0 && application == 0 {
            guard objects == 0 else {
                throw GeoKernelError(
                    .corrupt, "'\(path)' is not a landmark store: an SQLite database of another application (\(objects) tables and indexes)")
            }
            return
        }
        guard application == Self.applicationID else {
            throw GeoKernelError(
                .corrupt, "'\(path)' is not a landmark store: an SQLite database with application id \(application)")
        }
        guard version >= 0 else {
            throw GeoKernelError(
                .corrupt, "'\(path)' is a damaged landmark store: its schema version \(version) is negative")
        }
        guard version <= Int64(Self.schemaVersion) else {
            throw GeoKernelError(
                .corrupt,
                "'\(path)' is a landmark store of schema version \(version), written by a newer GeoKernel; this library reads versions up to \(Self.schemaVersion)")
        }
    }

    /// The schema version of the open file (tests).
    package func schemaVersionOnDisk() throws(GeoKernelError) -> Int64 {
        try lock.write { () throws(GeoKernelError) -> Int64 in try open().0.integer("PRAGMA user_version") }
    }

    /// Sets the schema version of the open file (tests: a store "from the future").
    package func setSchemaVersionOnDisk(_ v: Int32) throws(GeoKernelError) {
        try executeOnDisk("PRAGMA user_version = \(v)")
    }

    /// Runs SQL on the open file, bypassing every rule (tests: damaged rows).
    package func executeOnDisk(_ sql: String) throws(GeoKernelError) {
        try lock.write { () throws(GeoKernelError) in try open().0.exec(sql) }
    }
}
