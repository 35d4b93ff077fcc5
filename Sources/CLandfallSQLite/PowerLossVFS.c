// The power-loss test VFS: a wrapper of SQLite's unix VFS that remembers, per file, what every write
// and truncation since the file's last xSync replaced, so that a simulated power cut can put the
// file back to what a disk that honours fsync (and nothing more) would hold. The idea is SQLite's
// own crash-test VFS (src/test6.c) and Jepsen's LazyFS, kept small: the data goes to the real file
// at once (so every connection reads what it wrote, as through the page cache), and the record of
// what it overwrote is the "volatile layer" a cut throws away.
//
// One mutex covers every write, truncation and sync of a tracked file and the cut itself, so a cut
// falls between two operations, never inside one; a sync and the forgetting of its file's record
// are one step. Reads take no lock: they check the frozen flag before and after, so a read that
// overlaps a cut fails like one that came after it.

#include "CLandfallSQLite.h"
#include "SQLiteVFSTypes.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/// What one write or truncation replaced: the bytes it overwrote that were already on disk at the
/// file's last sync. Bytes past that size need no record: the cut truncates them away.
typedef struct {
    sqlite3_int64 offset;
    sqlite3_int64 length;
    unsigned char *before;
} PowerUndo;

/// One file (by path) opened through the VFS, shared by every handle on it: an fsync covers the
/// file, whichever handle wrote.
typedef struct PowerInode {
    struct PowerInode *next;
    char *path;
    int handles;
    /// Set by a cut: every later operation on the file fails, as on a machine that is off.
    int frozen;
    sqlite3_int64 syncedSize;
    PowerUndo *undo;
    int undoCount;
    int undoCapacity;
    /// Bytes written since the last sync, for the cut's report.
    sqlite3_int64 unsyncedBytes;
} PowerInode;

typedef struct {
    sqlite3_file base;
    /// NULL for a file without a name (SQLite's temporary files), which is passed straight through.
    PowerInode *inode;
    /// The unix VFS's own file object, allocated right after this one.
    sqlite3_file *real;
} PowerFile;

static pthread_mutex_t powerLock = PTHREAD_MUTEX_INITIALIZER;
static PowerInode *powerInodes;
static sqlite3_vfs *unixVfs;
static sqlite3_vfs powerVfs;
static int powerRegistered;

/// The last write of all, with its data, for tearing it at a cut; cleared when its file syncs.
static struct {
    PowerInode *inode;
    sqlite3_int64 offset;
    sqlite3_int64 length;
    unsigned char *data;
} lastWrite;

/// A cut armed to fall inside the Nth write or sync from now (see landfall_power_arm), and what it
/// did once it fell.
static struct {
    char *prefix;
    int64_t countdown;
    uint64_t seed;
    int tear;
    int fired;
    int failure;
    uint64_t firedAt;
    landfall_power_cut_result result;
} armed;

static int startsWith(const char *text, const char *prefix) { return strncmp(text, prefix, strlen(prefix)) == 0; }
static int cutLocked(const char *prefix, uint64_t seed, int tear, landfall_power_cut_result *result);

uint64_t landfall_power_monotonic_nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/// Counts one write or sync of `inode` against an armed cut; when it is the one, cuts the power
/// there and returns 1. Called with the lock held.
static int armedCutFalls(PowerInode *inode) {
    if (armed.prefix == NULL || armed.fired || !startsWith(inode->path, armed.prefix)) return 0;
    if (--armed.countdown > 0) return 0;
    armed.failure = cutLocked(armed.prefix, armed.seed, armed.tear, &armed.result);
    armed.firedAt = landfall_power_monotonic_nanoseconds();
    armed.fired = 1;
    return 1;
}

static int isFrozen(PowerInode *inode) { return inode != NULL && __atomic_load_n(&inode->frozen, __ATOMIC_ACQUIRE); }

static PowerInode *findInode(const char *path) {
    for (PowerInode *inode = powerInodes; inode != NULL; inode = inode->next) {
        if (strcmp(inode->path, path) == 0) return inode;
    }
    return NULL;
}

static void forgetUndo(PowerInode *inode) {
    for (int index = 0; index < inode->undoCount; index++) free(inode->undo[index].before);
    inode->undoCount = 0;
    inode->unsyncedBytes = 0;
    if (lastWrite.inode == inode) {
        free(lastWrite.data);
        lastWrite.inode = NULL;
        lastWrite.data = NULL;
        lastWrite.length = 0;
    }
}

/// Records the bytes of [offset, offset + length) that were on disk at the last sync, read through
/// the real file before they are replaced. Called with the lock held.
static int recordUndo(PowerFile *file, sqlite3_int64 offset, sqlite3_int64 length) {
    PowerInode *inode = file->inode;
    sqlite3_int64 size = 0;
    int status = file->real->pMethods->xFileSize(file->real, &size);
    if (status != SQLITE_OK) return status;
    sqlite3_int64 limit = size < inode->syncedSize ? size : inode->syncedSize;
    sqlite3_int64 end = offset + length < limit ? offset + length : limit;
    if (end <= offset) return SQLITE_OK;
    if (inode->undoCount == inode->undoCapacity) {
        int capacity = inode->undoCapacity == 0 ? 64 : inode->undoCapacity * 2;
        PowerUndo *grown = realloc(inode->undo, sizeof(PowerUndo) * (size_t)capacity);
        if (grown == NULL) return SQLITE_NOMEM;
        inode->undo = grown;
        inode->undoCapacity = capacity;
    }
    unsigned char *before = malloc((size_t)(end - offset));
    if (before == NULL) return SQLITE_NOMEM;
    // The pre-image can be larger than an int (a truncated WAL): read it in pieces.
    for (sqlite3_int64 done = 0; done < end - offset;) {
        sqlite3_int64 piece = end - offset - done > (1 << 30) ? (1 << 30) : end - offset - done;
        status = file->real->pMethods->xRead(file->real, before + done, (int)piece, offset + done);
        if (status != SQLITE_OK) {
            free(before);
            return status;
        }
        done += piece;
    }
    inode->undo[inode->undoCount++] = (PowerUndo){.offset = offset, .length = end - offset, .before = before};
    return SQLITE_OK;
}

static int powerClose(sqlite3_file *base) {
    PowerFile *file = (PowerFile *)base;
    if (file->inode != NULL) {
        pthread_mutex_lock(&powerLock);
        file->inode->handles--;
        pthread_mutex_unlock(&powerLock);
    }
    return file->real->pMethods->xClose(file->real);
}

static int powerRead(sqlite3_file *base, void *buffer, int amount, sqlite3_int64 offset) {
    PowerFile *file = (PowerFile *)base;
    if (isFrozen(file->inode)) return SQLITE_IOERR_READ;
    int status = file->real->pMethods->xRead(file->real, buffer, amount, offset);
    if (isFrozen(file->inode)) return SQLITE_IOERR_READ;
    return status;
}

static int powerWrite(sqlite3_file *base, const void *data, int amount, sqlite3_int64 offset) {
    PowerFile *file = (PowerFile *)base;
    if (file->inode == NULL) return file->real->pMethods->xWrite(file->real, data, amount, offset);
    pthread_mutex_lock(&powerLock);
    int status = file->inode->frozen ? SQLITE_IOERR_WRITE : recordUndo(file, offset, amount);
    if (status == SQLITE_OK) {
        status = file->real->pMethods->xWrite(file->real, data, amount, offset);
        file->inode->unsyncedBytes += amount;
        unsigned char *copy = malloc((size_t)amount);
        if (copy != NULL) memcpy(copy, data, (size_t)amount);
        free(lastWrite.data);
        lastWrite.inode = copy != NULL ? file->inode : NULL;
        lastWrite.offset = offset;
        lastWrite.length = copy != NULL ? amount : 0;
        lastWrite.data = copy;
        // The power goes while this write is on its way: it is the one a tear keeps a part of, and
        // its caller never hears that it finished.
        if (armedCutFalls(file->inode)) status = SQLITE_IOERR_WRITE;
    }
    pthread_mutex_unlock(&powerLock);
    return status;
}

static int powerTruncate(sqlite3_file *base, sqlite3_int64 size) {
    PowerFile *file = (PowerFile *)base;
    if (file->inode == NULL) return file->real->pMethods->xTruncate(file->real, size);
    pthread_mutex_lock(&powerLock);
    int status = file->inode->frozen ? SQLITE_IOERR_TRUNCATE : recordUndo(file, size, file->inode->syncedSize - size);
    if (status == SQLITE_OK) status = file->real->pMethods->xTruncate(file->real, size);
    pthread_mutex_unlock(&powerLock);
    return status;
}

static int powerSync(sqlite3_file *base, int flags) {
    PowerFile *file = (PowerFile *)base;
    if (file->inode == NULL) return file->real->pMethods->xSync(file->real, flags);
    pthread_mutex_lock(&powerLock);
    // An armed cut may fall just before a sync: everything the transaction wrote is then lost.
    int status = file->inode->frozen || armedCutFalls(file->inode) ? SQLITE_IOERR_FSYNC : file->real->pMethods->xSync(file->real, flags);
    if (status == SQLITE_OK) {
        sqlite3_int64 size = 0;
        status = file->real->pMethods->xFileSize(file->real, &size);
        if (status == SQLITE_OK) {
            forgetUndo(file->inode);
            file->inode->syncedSize = size;
        }
    }
    pthread_mutex_unlock(&powerLock);
    return status;
}

static int powerFileSize(sqlite3_file *base, sqlite3_int64 *size) {
    PowerFile *file = (PowerFile *)base;
    if (isFrozen(file->inode)) return SQLITE_IOERR_FSTAT;
    return file->real->pMethods->xFileSize(file->real, size);
}

static int powerLockFile(sqlite3_file *base, int level) {
    PowerFile *file = (PowerFile *)base;
    return file->real->pMethods->xLock(file->real, level);
}

static int powerUnlock(sqlite3_file *base, int level) {
    PowerFile *file = (PowerFile *)base;
    return file->real->pMethods->xUnlock(file->real, level);
}

static int powerCheckReservedLock(sqlite3_file *base, int *result) {
    PowerFile *file = (PowerFile *)base;
    return file->real->pMethods->xCheckReservedLock(file->real, result);
}

static int powerFileControl(sqlite3_file *base, int op, void *argument) {
    PowerFile *file = (PowerFile *)base;
    return file->real->pMethods->xFileControl(file->real, op, argument);
}

static int powerSectorSize(sqlite3_file *base) {
    PowerFile *file = (PowerFile *)base;
    return file->real->pMethods->xSectorSize(file->real);
}

static int powerDeviceCharacteristics(sqlite3_file *base) {
    PowerFile *file = (PowerFile *)base;
    return file->real->pMethods->xDeviceCharacteristics(file->real);
}

// The WAL index (-shm) is shared memory that SQLite rebuilds from the WAL when the first connection
// opens after all had closed, so it is passed through: a cut needs to do nothing to it.
static int powerShmMap(sqlite3_file *base, int page, int pageSize, int extend, void volatile **memory) {
    PowerFile *file = (PowerFile *)base;
    if (isFrozen(file->inode)) return SQLITE_IOERR_SHMMAP;
    return file->real->pMethods->xShmMap(file->real, page, pageSize, extend, memory);
}

static int powerShmLock(sqlite3_file *base, int offset, int count, int flags) {
    PowerFile *file = (PowerFile *)base;
    return file->real->pMethods->xShmLock(file->real, offset, count, flags);
}

static void powerShmBarrier(sqlite3_file *base) {
    PowerFile *file = (PowerFile *)base;
    file->real->pMethods->xShmBarrier(file->real);
}

static int powerShmUnmap(sqlite3_file *base, int deleteFlag) {
    PowerFile *file = (PowerFile *)base;
    return file->real->pMethods->xShmUnmap(file->real, isFrozen(file->inode) ? 0 : deleteFlag);
}

// Version 2: no xFetch, so SQLite never memory-maps the database and every read and write passes
// through the methods above.
static const sqlite3_io_methods powerMethods = {
    .iVersion = 2,
    .xClose = powerClose,
    .xRead = powerRead,
    .xWrite = powerWrite,
    .xTruncate = powerTruncate,
    .xSync = powerSync,
    .xFileSize = powerFileSize,
    .xLock = powerLockFile,
    .xUnlock = powerUnlock,
    .xCheckReservedLock = powerCheckReservedLock,
    .xFileControl = powerFileControl,
    .xSectorSize = powerSectorSize,
    .xDeviceCharacteristics = powerDeviceCharacteristics,
    .xShmMap = powerShmMap,
    .xShmLock = powerShmLock,
    .xShmBarrier = powerShmBarrier,
    .xShmUnmap = powerShmUnmap,
};

static int powerOpen(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *base, int flags, int *outFlags) {
    (void)vfs;
    PowerFile *file = (PowerFile *)base;
    file->base.pMethods = NULL;
    file->inode = NULL;
    file->real = (sqlite3_file *)(file + 1);
    if (name != NULL) {
        pthread_mutex_lock(&powerLock);
        PowerInode *inode = findInode(name);
        int frozen = inode != NULL && inode->frozen;
        pthread_mutex_unlock(&powerLock);
        if (frozen) return SQLITE_CANTOPEN;
    }
    int status = unixVfs->xOpen(unixVfs, name, file->real, flags, outFlags);
    if (status != SQLITE_OK) {
        if (file->real->pMethods != NULL) file->real->pMethods->xClose(file->real);
        return status;
    }
    if (name != NULL) {
        sqlite3_int64 size = 0;
        file->real->pMethods->xFileSize(file->real, &size);
        pthread_mutex_lock(&powerLock);
        PowerInode *inode = findInode(name);
        if (inode == NULL) {
            inode = calloc(1, sizeof(PowerInode));
            char *path = strdup(name);
            if (inode == NULL || path == NULL) {
                pthread_mutex_unlock(&powerLock);
                free(inode);
                free(path);
                file->real->pMethods->xClose(file->real);
                return SQLITE_NOMEM;
            }
            inode->path = path;
            // What is on disk when a file is first opened counts as synced: it was written by an
            // earlier session that closed it, and the check starts from there.
            inode->syncedSize = size;
            inode->next = powerInodes;
            powerInodes = inode;
        }
        inode->handles++;
        file->inode = inode;
        pthread_mutex_unlock(&powerLock);
    }
    file->base.pMethods = &powerMethods;
    return SQLITE_OK;
}

static int powerDelete(sqlite3_vfs *vfs, const char *name, int syncDirectory) {
    (void)vfs;
    pthread_mutex_lock(&powerLock);
    PowerInode *inode = findInode(name);
    int status = SQLITE_OK;
    if (inode != NULL && inode->frozen) {
        status = SQLITE_IOERR_DELETE;
    } else {
        // A deletion is treated as durable at once (SQLite asks for the directory to be synced
        // when it matters); the file starts over empty if it is created again.
        status = unixVfs->xDelete(unixVfs, name, syncDirectory);
        if (inode != NULL) {
            forgetUndo(inode);
            inode->syncedSize = 0;
        }
    }
    pthread_mutex_unlock(&powerLock);
    return status;
}

static int powerAccess(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    (void)vfs;
    return unixVfs->xAccess(unixVfs, name, flags, result);
}

static int powerFullPathname(sqlite3_vfs *vfs, const char *name, int size, char *output) {
    (void)vfs;
    return unixVfs->xFullPathname(unixVfs, name, size, output);
}

static int powerRandomness(sqlite3_vfs *vfs, int size, char *output) {
    (void)vfs;
    return unixVfs->xRandomness(unixVfs, size, output);
}

static int powerSleep(sqlite3_vfs *vfs, int microseconds) {
    (void)vfs;
    return unixVfs->xSleep(unixVfs, microseconds);
}

static int powerCurrentTime(sqlite3_vfs *vfs, double *now) {
    (void)vfs;
    return unixVfs->xCurrentTime(unixVfs, now);
}

static int powerGetLastError(sqlite3_vfs *vfs, int size, char *output) {
    (void)vfs;
    return unixVfs->xGetLastError(unixVfs, size, output);
}

static int powerCurrentTimeInt64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
    (void)vfs;
    return unixVfs->xCurrentTimeInt64(unixVfs, now);
}

int landfall_power_vfs_register(void) {
    int status = sqlite_nio_sqlite3_initialize();
    if (status != SQLITE_OK) return status;
    pthread_mutex_lock(&powerLock);
    if (!powerRegistered) {
        unixVfs = sqlite_nio_sqlite3_vfs_find("unix");
        if (unixVfs == NULL || unixVfs->iVersion < 2) {
            status = SQLITE_ERROR;
        } else {
            powerVfs = (sqlite3_vfs){
                .iVersion = 2,
                .szOsFile = (int)sizeof(PowerFile) + unixVfs->szOsFile,
                .mxPathname = unixVfs->mxPathname,
                .zName = LANDFALL_POWER_VFS_NAME,
                .xOpen = powerOpen,
                .xDelete = powerDelete,
                .xAccess = powerAccess,
                .xFullPathname = powerFullPathname,
                .xRandomness = powerRandomness,
                .xSleep = powerSleep,
                .xCurrentTime = powerCurrentTime,
                .xGetLastError = powerGetLastError,
                .xCurrentTimeInt64 = powerCurrentTimeInt64,
            };
            status = sqlite_nio_sqlite3_vfs_register(&powerVfs, 0);
            powerRegistered = status == SQLITE_OK;
        }
    }
    pthread_mutex_unlock(&powerLock);
    return status;
}

/// Puts one file back to its content at its last sync. Called with the lock held.
static int restoreFile(PowerInode *inode, uint64_t seed, int tear, landfall_power_cut_result *result) {
    int dirty = inode->undoCount > 0 || inode->unsyncedBytes > 0;
    int descriptor = open(inode->path, O_RDWR);
    if (descriptor < 0) return errno == ENOENT ? 0 : errno;
    int failure = 0;
    // Newest first, so the oldest record of a byte (its content at the last sync) is written last.
    for (int index = inode->undoCount - 1; index >= 0 && failure == 0; index--) {
        PowerUndo *undo = &inode->undo[index];
        if (pwrite(descriptor, undo->before, (size_t)undo->length, undo->offset) != (ssize_t)undo->length) failure = errno ? errno : EIO;
    }
    if (failure == 0 && ftruncate(descriptor, inode->syncedSize) != 0) failure = errno;
    if (failure == 0 && tear && lastWrite.inode == inode && lastWrite.length > 512) {
        // Whole sectors from the start of the write, at least one and never all of them.
        sqlite3_int64 sectors = (lastWrite.length - 1) / 512;
        sqlite3_int64 kept = 512 * (1 + (sqlite3_int64)(seed % (uint64_t)sectors));
        if (pwrite(descriptor, lastWrite.data, (size_t)kept, lastWrite.offset) != (ssize_t)kept) failure = errno ? errno : EIO;
        result->tornKept = kept;
    }
    close(descriptor);
    if (dirty) result->files++;
    result->operations += inode->undoCount;
    result->bytes += inode->unsyncedBytes;
    return failure;
}

static int cutLocked(const char *prefix, uint64_t seed, int tear, landfall_power_cut_result *result) {
    *result = (landfall_power_cut_result){0};
    int failure = 0;
    for (PowerInode *inode = powerInodes; inode != NULL; inode = inode->next) {
        if (!startsWith(inode->path, prefix) || inode->frozen) continue;
        int status = restoreFile(inode, seed, tear, result);
        if (failure == 0) failure = status;
        forgetUndo(inode);
        __atomic_store_n(&inode->frozen, 1, __ATOMIC_RELEASE);
    }
    return failure;
}

int landfall_power_cut(const char *prefix, uint64_t seed, int tear, landfall_power_cut_result *result) {
    pthread_mutex_lock(&powerLock);
    int failure = cutLocked(prefix, seed, tear, result);
    pthread_mutex_unlock(&powerLock);
    return failure;
}

int landfall_power_arm(const char *prefix, int64_t operations, uint64_t seed, int tear) {
    char *copy = strdup(prefix);
    if (copy == NULL) return ENOMEM;
    pthread_mutex_lock(&powerLock);
    free(armed.prefix);
    armed.prefix = copy;
    armed.countdown = operations < 1 ? 1 : operations;
    armed.seed = seed;
    armed.tear = tear;
    armed.fired = 0;
    armed.failure = 0;
    pthread_mutex_unlock(&powerLock);
    return 0;
}

int landfall_power_disarm(landfall_power_cut_result *result, uint64_t *firedAt) {
    pthread_mutex_lock(&powerLock);
    int fired = armed.fired ? 1 : 0;
    if (fired) {
        *result = armed.result;
        *firedAt = armed.firedAt;
        if (armed.failure != 0) fired = -armed.failure;
    }
    free(armed.prefix);
    armed.prefix = NULL;
    armed.fired = 0;
    pthread_mutex_unlock(&powerLock);
    return fired;
}

int landfall_power_restore(const char *prefix) {
    pthread_mutex_lock(&powerLock);
    int handles = 0;
    for (PowerInode *inode = powerInodes; inode != NULL; inode = inode->next) {
        if (startsWith(inode->path, prefix)) handles += inode->handles;
    }
    if (handles == 0) {
        PowerInode **link = &powerInodes;
        while (*link != NULL) {
            PowerInode *inode = *link;
            if (startsWith(inode->path, prefix)) {
                *link = inode->next;
                forgetUndo(inode);
                free(inode->undo);
                free(inode->path);
                free(inode);
            } else {
                link = &inode->next;
            }
        }
    }
    pthread_mutex_unlock(&powerLock);
    return handles;
}
