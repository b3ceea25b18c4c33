// SQLite's extension modules the release build leaves out (modules.c).
int __wrap_sqlite3Fts3Init(void *db);
int __wrap_sqlite3Fts5Init(void *db);
int __wrap_sqlite3RtreeInit(void *db);
int __wrap_sqlite3DbstatRegister(void *db);
int __wrap_sqlite3StmtVtabInit(void *db);
