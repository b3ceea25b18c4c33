// libpng for Swift. Only the simplified png_image_* API is used: it reports errors
// as return values, where the classic API longjmps (which Swift cannot survive).
#ifndef ARCADE_CLIBPNG_SHIM_H
#define ARCADE_CLIBPNG_SHIM_H
#include <png.h>
#endif
