// libpng for Swift and C. Swift code uses only the simplified png_image_* API, which
// reports errors as return values; the classic API longjmps (which Swift cannot survive)
// and is used only from C, in CArcadePNG and the tests' CArcadeTestPNG.
#ifndef ARCADE_CLIBPNG_SHIM_H
#define ARCADE_CLIBPNG_SHIM_H
#include <png.h>
#endif
