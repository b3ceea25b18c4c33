// SQLite's extension modules the arcade leaves out of the release build (`make build`).
//
// Debian's libsqlite3.a starts full-text search (FTS3 and FTS5), R*Tree, dbstat and the
// sqlite_stmt table in every connection it opens; the store uses none of them (its schema is
// plain tables and indexes, ArcadeStore). Starting them at the menu touched their code and
// tables, and the kernel keeps the 64 KB around each touched page resident. The release links
// SQLite's archive with `--wrap` on the five starters (Package.swift, `linkingSQLite`), so SQLite
// calls these instead, and the modules' object files are not linked at all. A store with a
// table of one of these modules in it (the arcade never makes one) still opens and keeps what
// it holds (seen: an FTS5 table added with sqlite3); only a statement on that table would
// fail, with SQLite's "no such module". Builds that link the shared library never call these.
#include "sqlite_modules.h"

#define SQLITE_OK 0

int __wrap_sqlite3Fts3Init(void *db) { (void)db; return SQLITE_OK; }
int __wrap_sqlite3Fts5Init(void *db) { (void)db; return SQLITE_OK; }
int __wrap_sqlite3RtreeInit(void *db) { (void)db; return SQLITE_OK; }
int __wrap_sqlite3DbstatRegister(void *db) { (void)db; return SQLITE_OK; }
int __wrap_sqlite3StmtVtabInit(void *db) { (void)db; return SQLITE_OK; }
