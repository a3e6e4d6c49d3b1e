// System-library shim: SQLite from Debian's libsqlite3-dev, found through pkg-config.
// Only the landmark store (Sources/Nearby/Store) uses this module. It exists because
// Swift cannot import SQLite's SQLITE_TRANSIENT macro (a cast of -1 to a function
// pointer); the two inline helpers below stand in for it. It could go if Swift learned
// to import such macros.
#include <sqlite3.h>

/// sqlite3_bind_text with SQLITE_TRANSIENT: SQLite copies the bytes before returning.
static inline int CSQLite_bind_text(sqlite3_stmt *stmt, int index, const char *text, int bytes) {
    return sqlite3_bind_text(stmt, index, text, bytes, SQLITE_TRANSIENT);
}

/// sqlite3_bind_blob with SQLITE_TRANSIENT.
static inline int CSQLite_bind_blob(sqlite3_stmt *stmt, int index, const void *data, int bytes) {
    return sqlite3_bind_blob(stmt, index, data, bytes, SQLITE_TRANSIENT);
}

/// The first region of the main database's WAL index (its -shm file), as the connection's
/// VFS already maps it, or NULL when the database is not in WAL mode or its VFS shares no
/// memory. Starts with the two copies of the 48-byte wal-index header every committing
/// connection rewrites (https://www.sqlite.org/walformat.html). Only read; valid while
/// the connection stays open in WAL mode. Call it with the connection otherwise idle.
static inline const volatile void *CSQLite_wal_index(sqlite3 *db) {
    sqlite3_file *file = 0;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK || !file || !file->pMethods)
        return 0;
    if (file->pMethods->iVersion < 2 || !file->pMethods->xShmMap) return 0;
    volatile void *region = 0;
    if (file->pMethods->xShmMap(file, 0, 32768, 0, &region) != SQLITE_OK) return 0;
    return region;
}
