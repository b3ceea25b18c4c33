// SQLite through the system library (libsqlite3-dev).
#include <sqlite3.h>
