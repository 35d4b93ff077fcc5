#ifndef C_LANDFALL_SQLITE_VFS_TYPES_H
#define C_LANDFALL_SQLITE_VFS_TYPES_H

// SQLite's public VFS structures and the few constants the power-loss VFS needs, copied from
// sqlite3.h (they are part of SQLite's stable ABI). SQLiteNIO's header is not a product this target
// can depend on, and its functions carry a `sqlite_nio_` prefix; the structures keep their names.

typedef long long sqlite3_int64;
typedef struct sqlite3_file sqlite3_file;
typedef struct sqlite3_io_methods sqlite3_io_methods;
typedef struct sqlite3_vfs sqlite3_vfs;
typedef const char *sqlite3_filename;
typedef void (*sqlite3_syscall_ptr)(void);

struct sqlite3_file {
    const sqlite3_io_methods *pMethods;
};

struct sqlite3_io_methods {
    int iVersion;
    int (*xClose)(sqlite3_file *);
    int (*xRead)(sqlite3_file *, void *, int iAmt, sqlite3_int64 iOfst);
    int (*xWrite)(sqlite3_file *, const void *, int iAmt, sqlite3_int64 iOfst);
    int (*xTruncate)(sqlite3_file *, sqlite3_int64 size);
    int (*xSync)(sqlite3_file *, int flags);
    int (*xFileSize)(sqlite3_file *, sqlite3_int64 *pSize);
    int (*xLock)(sqlite3_file *, int);
    int (*xUnlock)(sqlite3_file *, int);
    int (*xCheckReservedLock)(sqlite3_file *, int *pResOut);
    int (*xFileControl)(sqlite3_file *, int op, void *pArg);
    int (*xSectorSize)(sqlite3_file *);
    int (*xDeviceCharacteristics)(sqlite3_file *);
    int (*xShmMap)(sqlite3_file *, int iPg, int pgsz, int, void volatile **);
    int (*xShmLock)(sqlite3_file *, int offset, int n, int flags);
    void (*xShmBarrier)(sqlite3_file *);
    int (*xShmUnmap)(sqlite3_file *, int deleteFlag);
    int (*xFetch)(sqlite3_file *, sqlite3_int64 iOfst, int iAmt, void **pp);
    int (*xUnfetch)(sqlite3_file *, sqlite3_int64 iOfst, void *p);
};

struct sqlite3_vfs {
    int iVersion;
    int szOsFile;
    int mxPathname;
    sqlite3_vfs *pNext;
    const char *zName;
    void *pAppData;
    int (*xOpen)(sqlite3_vfs *, sqlite3_filename zName, sqlite3_file *, int flags, int *pOutFlags);
    int (*xDelete)(sqlite3_vfs *, const char *zName, int syncDir);
    int (*xAccess)(sqlite3_vfs *, const char *zName, int flags, int *pResOut);
    int (*xFullPathname)(sqlite3_vfs *, const char *zName, int nOut, char *zOut);
    void *(*xDlOpen)(sqlite3_vfs *, const char *zFilename);
    void (*xDlError)(sqlite3_vfs *, int nByte, char *zErrMsg);
    void (*(*xDlSym)(sqlite3_vfs *, void *, const char *zSymbol))(void);
    void (*xDlClose)(sqlite3_vfs *, void *);
    int (*xRandomness)(sqlite3_vfs *, int nByte, char *zOut);
    int (*xSleep)(sqlite3_vfs *, int microseconds);
    int (*xCurrentTime)(sqlite3_vfs *, double *);
    int (*xGetLastError)(sqlite3_vfs *, int, char *);
    int (*xCurrentTimeInt64)(sqlite3_vfs *, sqlite3_int64 *);
    int (*xSetSystemCall)(sqlite3_vfs *, const char *zName, sqlite3_syscall_ptr);
    sqlite3_syscall_ptr (*xGetSystemCall)(sqlite3_vfs *, const char *zName);
    const char *(*xNextSystemCall)(sqlite3_vfs *, const char *zName);
};

sqlite3_vfs *sqlite_nio_sqlite3_vfs_find(const char *zVfsName);
int sqlite_nio_sqlite3_vfs_register(sqlite3_vfs *, int makeDflt);
int sqlite_nio_sqlite3_initialize(void);

#define SQLITE_OK 0
#define SQLITE_ERROR 1
#define SQLITE_NOMEM 7
#define SQLITE_IOERR 10
#define SQLITE_CANTOPEN 14
#define SQLITE_IOERR_READ (SQLITE_IOERR | (1 << 8))
#define SQLITE_IOERR_WRITE (SQLITE_IOERR | (3 << 8))
#define SQLITE_IOERR_FSYNC (SQLITE_IOERR | (4 << 8))
#define SQLITE_IOERR_TRUNCATE (SQLITE_IOERR | (6 << 8))
#define SQLITE_IOERR_FSTAT (SQLITE_IOERR | (7 << 8))
#define SQLITE_IOERR_DELETE (SQLITE_IOERR | (10 << 8))
#define SQLITE_IOERR_SHMMAP (SQLITE_IOERR | (21 << 8))

#endif
