// wcwidth is only declared for X/Open; this define affects this file alone.
#define _XOPEN_SOURCE 700

#include "arcade_width.h"

int arcade_wcwidth(wchar_t ch) { return wcwidth(ch); }
