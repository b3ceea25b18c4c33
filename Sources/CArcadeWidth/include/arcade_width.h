// The display width of a code point, for ArcadeUI: libc's wcwidth, which Glibc's Swift
// overlay does not export. No curses here, so the pure UI module never sees ncurses.
#ifndef ARCADE_WIDTH_H
#define ARCADE_WIDTH_H

#include <wchar.h>

// Display width of one code point in the current locale (-1 for non-printing).
int arcade_wcwidth(wchar_t ch);

#endif
