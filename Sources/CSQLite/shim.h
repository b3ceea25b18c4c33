// SQLite through the system library (libsqlite3-dev).
#include <sqlite3.h>

// sqlite3_config is variadic, which Swift cannot call. Before SQLite starts: a connection's
// page cache takes memory a page at a time as pages are read, instead of SQLite's default
// bulk allocation of 20 pages at its first read. The arcade's store is a few pages, read for
// a handful of small queries, so the bulk would only make the heap bigger. SQLITE_MISUSE
// once SQLite has started.
static inline int arcade_sqlite3_config_no_bulk_page_cache(void) {
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}

// Whether SQLite counts the heap it holds (sqlite3_status64's MEMORY_USED). Counting takes a
// global mutex at every allocation and every free, work for nothing in a program that never
// reads the count. Also only before SQLite starts.
static inline int arcade_sqlite3_config_memory_status(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}
