#include "CLandfallSQLite.h"

// Declared here rather than through SQLiteNIO's header, which is not a product other packages can
// depend on; the definition is linked into the same binary from SQLiteNIO's VaporCSQLite target.
int sqlite_nio_sqlite3_db_config(void *connection, int option, ...);

// The value of SQLITE_DBCONFIG_ENABLE_QPSG in sqlite3.h, stable since SQLite 3.20.
#define LANDFALL_SQLITE_DBCONFIG_ENABLE_QPSG 1007

int landfall_sqlite_enable_qpsg(void *connection) {
    int enabled = 0;
    return sqlite_nio_sqlite3_db_config(connection, LANDFALL_SQLITE_DBCONFIG_ENABLE_QPSG, 1, &enabled);
}
