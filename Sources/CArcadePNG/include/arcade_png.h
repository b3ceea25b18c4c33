// Reading a PNG row by row with libpng's classic API, shrunk while it is read.
//
// libpng's classic API reports errors by longjmp, which must never cross a Swift frame:
// setjmp and every libpng call stay inside arcade_png.c, and each function returns a
// status. The progress callback is called between rows, never from inside libpng, so a
// Swift callback is never jumped over.
#ifndef ARCADE_PNG_H
#define ARCADE_PNG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/// The longest side a picture may have, in pixels (libpng's own default limit).
#define ARCADE_PNG_MAX_SIDE 1000000u

/// How a read ended.
typedef enum {
    ARCADE_PNG_DONE = 0,
    /// libpng found the file damaged or not a PNG; `message` holds its words.
    ARCADE_PNG_FAILED = 1,
    /// The header asks for more pixels than `max_pixels`, or a side longer than
    /// `ARCADE_PNG_MAX_SIDE`; `width` and `height` say how many.
    ARCADE_PNG_TOO_LARGE = 2,
    /// The progress callback asked to stop.
    ARCADE_PNG_CANCELLED = 3,
    /// Memory for the rows or the result could not be had.
    ARCADE_PNG_NO_MEMORY = 4,
} arcade_png_status;

/// Called after each row read: rows done so far of all rows to read (an interlaced picture
/// is read in several passes, which all count). Return 0 to stop reading, else nonzero.
typedef int (*arcade_png_progress)(void *context, uint64_t rows_done, uint64_t rows_total);

/// Called with each run of a stream's bytes as libpng takes them, in order, so that what
/// is read can be hashed without reading the file again. It must return (never jump).
typedef void (*arcade_png_bytes)(void *context, const uint8_t *bytes, size_t count);

/// What to read and what was read.
typedef struct {
    /// In: the longest side the result may have, in pixels (at least 1). A larger picture
    /// is shrunk by a whole factor while it is read: each result pixel is the average of a
    /// square of the file's pixels (colours weighted by their alpha).
    uint32_t max_side;
    /// In: the most pixels the file's header may announce.
    uint64_t max_pixels;
    /// In: called between rows (may be NULL).
    arcade_png_progress progress;
    void *context;
    /// In: for a stream, hears the bytes read (may be NULL); called with `bytes_context`.
    arcade_png_bytes bytes_read;
    void *bytes_context;

    /// Out: the picture's size in the file.
    uint32_t width, height;
    /// Out: the size of `pixels`.
    uint32_t out_width, out_height;
    /// Out: out_width * out_height * 4 bytes, RGBA, 8 bits each, alpha not premultiplied,
    /// top row first; free with arcade_png_free_pixels.
    uint8_t *pixels;
    /// Out: libpng's message when the status is ARCADE_PNG_FAILED.
    char message[200];
} arcade_png_read;

/// Read the PNG in `stream` (from its current position).
arcade_png_status arcade_png_read_stream(FILE *stream, arcade_png_read *read);

/// Read the PNG held in the `size` bytes at `data`.
arcade_png_status arcade_png_read_memory(const void *data, size_t size, arcade_png_read *read);

/// Free what a read returned in `pixels` (NULL is fine) and set it to NULL.
void arcade_png_free_pixels(arcade_png_read *read);

#endif
