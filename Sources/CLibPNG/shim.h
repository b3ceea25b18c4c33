// libpng, the system's shared library, for the arcade's reader (CArcadePNG) and for the tools
// and the tests (make-temple-art, CArcadeTestPNG). Swift code uses only the simplified
// png_image_* API, which reports errors as return values; the classic API longjmps (which
// Swift cannot survive) and is used only from C (CArcadePNG).
#ifndef ARCADE_CLIBPNG_SHIM_H
#define ARCADE_CLIBPNG_SHIM_H
#include <png.h>
#endif
