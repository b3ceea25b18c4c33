// libpng for the tools and the tests (make-temple-art, CArcadeTestPNG), linked. Swift code
// uses only the simplified png_image_* API, which reports errors as return values; the
// classic API longjmps (which Swift cannot survive) and is used only from C. The arcade's
// own reader, CArcadePNG, does not go through this module: it loads libpng at its first
// picture (dlopen) rather than link it.
#ifndef ARCADE_CLIBPNG_SHIM_H
#define ARCADE_CLIBPNG_SHIM_H
#include <png.h>
#endif
