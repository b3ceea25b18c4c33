// The one place Swift sees ncurses. The wide-character API (cchar_t, setcchar,
// wget_wch, mvwadd_wch) is only declared when these are defined before the
// include, so they are defined here, for every includer (Swift and CArcadeShim alike).
#ifndef ARCADE_CNCURSESW_SHIM_H
#define ARCADE_CNCURSESW_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

#endif
