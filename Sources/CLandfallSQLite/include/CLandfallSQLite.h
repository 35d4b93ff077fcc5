#ifndef C_LANDFALL_SQLITE_H
#define C_LANDFALL_SQLITE_H

#include <stdint.h>

/// Turns on the query planner stability guarantee (SQLITE_DBCONFIG_ENABLE_QPSG) of a connection
/// opened with SQLiteNIO's vendored SQLite, whose sqlite3_db_config is variadic and so cannot be
/// called from Swift. Returns SQLite's result code.
int landfall_sqlite_enable_qpsg(void *connection);

/// The name the power-loss VFS is registered under: open `file:PATH?vfs=landfall-power` to use it.
#define LANDFALL_POWER_VFS_NAME "landfall-power"

/// Registers the power-loss test VFS (never as the default). It wraps the default unix VFS and
/// keeps, per file, an undo record of every write and truncation since that file's last xSync, so
/// that a simulated power cut can put back exactly what a disk would still hold. Only for the
/// power-loss test and `landfall-lab reliability power`. Safe to call more than once. Returns
/// SQLite's result code.
int landfall_power_vfs_register(void);

/// What one simulated power cut threw away.
typedef struct {
    /// Files (database, WAL, journal) with writes since their last sync.
    int64_t files;
    /// Writes and truncations since the files' last sync, all undone.
    int64_t operations;
    /// Bytes those writes had written, now gone.
    int64_t bytes;
    /// Bytes of the last write kept when it was torn (0: not torn).
    int64_t tornKept;
} landfall_power_cut_result;

/// Cuts the power of every file opened through the VFS whose path starts with `prefix`: puts back
/// the content each had at its last sync and freezes it, so that every later read, write, sync or
/// open of it fails as on a machine that is off. With `tear` non-zero, the last write before the cut
/// keeps a prefix of whole 512-byte sectors (`seed` picks how many), as a page write torn by the cut.
/// Returns 0, or an errno when putting a file back failed.
int landfall_power_cut(const char *prefix, uint64_t seed, int tear, landfall_power_cut_result *result);

/// Arms a cut of the files under `prefix` to fall inside the `operations`-th write or sync of them
/// from now (as `landfall_power_cut` with `seed` and `tear`): a cut that lands in the middle of a
/// transaction or a checkpoint, where a cut from outside mostly finds everything synced. That write
/// or sync fails. Returns 0, or an errno.
int landfall_power_arm(const char *prefix, int64_t operations, uint64_t seed, int tear);

/// Disarms the armed cut. Returns 1 when it fell, with what it threw away and the moment it fell
/// (`landfall_power_monotonic_nanoseconds`); 0 when it did not; minus an errno when putting a file
/// back failed.
int landfall_power_disarm(landfall_power_cut_result *result, uint64_t *firedAt);

/// CLOCK_MONOTONIC in nanoseconds: the clock an armed cut's moment is read on.
uint64_t landfall_power_monotonic_nanoseconds(void);

/// Forgets the files under `prefix` after a cut, once every connection to them is closed: what is
/// on disk is now all there is, and the next open starts a fresh record. Returns how many handles
/// to those files were still open (nothing is forgotten then).
int landfall_power_restore(const char *prefix);

#endif
