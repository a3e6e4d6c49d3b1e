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
