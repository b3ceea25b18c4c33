// The tests' PNG writer: any colour type, depth and interlacing, written row by row with
// libpng's classic API, so a 5792 x 5792 picture never needs its pixels in memory at once.
// libpng's longjmp stays inside arcade_test_png.c; the functions return 0 on failure.
#ifndef ARCADE_TEST_PNG_H
#define ARCADE_TEST_PNG_H

#include <stddef.h>
#include <stdint.h>

/// Fill `bytes` with row `y` in the file's layout (e.g. 4 bytes a pixel for 8-bit RGBA,
/// 8 for 16-bit RGBA, big-endian). The buffer keeps what the last call left in it.
typedef void (*arcade_test_png_row)(void *context, uint32_t y, uint8_t *bytes);

typedef struct {
    uint32_t width, height;
    /// PNG_COLOR_TYPE_* and a bit depth libpng allows with it.
    int color_type, bit_depth;
    /// Nonzero for Adam7.
    int interlaced;
    /// For PNG_COLOR_TYPE_PALETTE: `palette_count` RGB triples, and `transparency_count`
    /// alpha values for the first entries (a tRNS chunk; 0 for none).
    const uint8_t *palette;
    int palette_count;
    const uint8_t *transparency;
    int transparency_count;
    /// zlib's level, 0-9 (-1: libpng's default).
    int compression_level;
    /// `text_chunks` compressed text chunks (zTXt) of `text_size` letters each, before the
    /// pixels: a small file that unpacks to a lot (0: none).
    int text_chunks;
    size_t text_size;
    arcade_test_png_row row;
    void *context;
    /// Out: libpng's words when writing failed.
    char message[200];
} arcade_test_png;

/// Write `png` to the file at `path`; 1 when written, 0 with `png->message` on failure.
int arcade_test_png_write(const char *path, arcade_test_png *png);

#endif
