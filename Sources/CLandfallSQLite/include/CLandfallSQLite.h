#ifndef C_LANDFALL_SQLITE_H
#define C_LANDFALL_SQLITE_H

/// Turns on the query planner stability guarantee (SQLITE_DBCONFIG_ENABLE_QPSG) of a connection
/// opened with SQLiteNIO's vendored SQLite, whose sqlite3_db_config is variadic and so cannot be
/// called from Swift. Returns SQLite's result code.
int landfall_sqlite_enable_qpsg(void *connection);

#endif
