#include "arcade_png.h"

#if __has_include(<png.h>)
#include <png.h>
#else
#include <libpng16/png.h>  // where there is no /usr/include/png.h link to it
#endif
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/// Everything one read holds, so nothing a longjmp lands back on lives in a register.
typedef struct {
    arcade_png_read *read;
    png_structp png;
    png_infop info;
    /// One row of the file as RGBA (shrinking only).
    uint8_t *row;
    /// Per result pixel, the sums of red·alpha, green·alpha, blue·alpha and alpha (shrinking only).
    uint64_t *sums;
    /// The result.
    uint8_t *pixels;
} arcade_png_job;

/// The PNG bytes in memory and how far libpng has read them.
typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
} arcade_png_memory;

/// libpng's error callback: keep its words, then go back to the setjmp in `arcade_png_run`.
static void arcade_png_on_error(png_structp png, png_const_charp message) {
    arcade_png_job *job = png_get_error_ptr(png);
    snprintf(job->read->message, sizeof job->read->message, "%s", message ? message : "");
    png_longjmp(png, 1);
}

/// Warnings (an ancillary chunk with a bad CRC, say) change nothing the arcade shows.
static void arcade_png_on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/// Reads from memory, with the words libpng's simplified API uses when the data ends.
static void arcade_png_read_from_memory(png_structp png, png_bytep out, size_t count) {
    arcade_png_memory *memory = png_get_io_ptr(png);
    if (count > memory->size - memory->offset) png_error(png, "read beyond end of data");
    memcpy(out, memory->data + memory->offset, count);
    memory->offset += count;
}

/// True to go on after `done` of `total` rows.
static int arcade_png_goes_on(const arcade_png_read *read, uint64_t done, uint64_t total) {
    return read->progress == NULL || read->progress(read->context, done, total) != 0;
}

/// Read the picture whose reader `job->png` is set up. The only setjmp: every libpng call
/// that can fail is made from this function's frame or below it, never from a caller's.
static arcade_png_status arcade_png_run(arcade_png_job *job) {
    arcade_png_read *read = job->read;
    png_structp png = job->png;
    png_infop info = job->info;
    if (setjmp(png_jmpbuf(png))) return ARCADE_PNG_FAILED;

    // As the simplified API does: errors libpng calls benign are warnings.
    png_set_benign_errors(png, 1);
    png_read_info(png, info);
    png_uint_32 width = 0, height = 0;
    int depth = 0, color = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &depth, &color, &interlace, NULL, NULL);
    read->width = width;
    read->height = height;
    if ((uint64_t)width * height > read->max_pixels || width > ARCADE_PNG_MAX_SIDE || height > ARCADE_PNG_MAX_SIDE)
        return ARCADE_PNG_TOO_LARGE;

    // Every colour type and depth becomes 8-bit RGBA. Gamma is not corrected: the arcade
    // shows pixels as sRGB, the way terminals take colours.
    int has_transparency = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (has_transparency) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_scale_16(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if ((color & PNG_COLOR_MASK_ALPHA) == 0 && !has_transparency) png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);

    uint32_t max_side = read->max_side > 0 ? read->max_side : 1;
    uint32_t longest = width > height ? width : height;
    uint32_t factor = longest > max_side ? (uint32_t)(((uint64_t)longest + max_side - 1) / max_side) : 1;
    uint32_t out_width = (uint32_t)(((uint64_t)width + factor - 1) / factor);
    uint32_t out_height = (uint32_t)(((uint64_t)height + factor - 1) / factor);
    int interlaced = interlace == PNG_INTERLACE_ADAM7;
    // At full size libpng puts each pass's pixels in place; shrinking reads the passes as
    // they come, each pixel added to the square it falls in.
    int passes = factor == 1 ? png_set_interlace_handling(png) : (interlaced ? 7 : 1);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "unexpected row layout after conversion");

    size_t stride = (size_t)out_width * 4;
    job->pixels = malloc(stride * out_height > 0 ? stride * out_height : 1);
    if (job->pixels == NULL) return ARCADE_PNG_NO_MEMORY;
    read->out_width = out_width;
    read->out_height = out_height;

    if (factor == 1) {
        uint64_t total = (uint64_t)passes * height, done = 0;
        for (int pass = 0; pass < passes; pass++) {
            for (uint32_t y = 0; y < height; y++) {
                png_read_row(png, job->pixels + y * stride, NULL);
                if (!arcade_png_goes_on(read, ++done, total)) return ARCADE_PNG_CANCELLED;
            }
        }
        return ARCADE_PNG_DONE;
    }

    job->row = malloc((size_t)width * 4);
    job->sums = calloc((size_t)out_width * out_height * 4, sizeof *job->sums);
    if (job->row == NULL || job->sums == NULL) return ARCADE_PNG_NO_MEMORY;
    uint64_t total = 0, done = 0;
    for (int pass = 0; pass < passes; pass++) {
        uint32_t rows = interlaced ? PNG_PASS_ROWS(height, pass) : height;
        uint32_t cols = interlaced ? PNG_PASS_COLS(width, pass) : width;
        if (rows > 0 && cols > 0) total += rows;  // libpng skips an empty pass
    }
    for (int pass = 0; pass < passes; pass++) {
        uint32_t rows = interlaced ? PNG_PASS_ROWS(height, pass) : height;
        uint32_t cols = interlaced ? PNG_PASS_COLS(width, pass) : width;
        if (rows == 0 || cols == 0) continue;
        uint32_t first_x = interlaced ? PNG_PASS_START_COL(pass) : 0;
        uint32_t step = interlaced ? 1u << PNG_PASS_COL_SHIFT(pass) : 1;
        for (uint32_t pass_row = 0; pass_row < rows; pass_row++) {
            png_read_row(png, job->row, NULL);
            uint32_t y = interlaced ? PNG_ROW_FROM_PASS_ROW(pass_row, pass) : pass_row;
            uint64_t *line = job->sums + (size_t)(y / factor) * out_width * 4;
            const uint8_t *pixel = job->row;
            uint32_t x = first_x, column = first_x / factor, next = (column + 1) * factor;
            for (uint32_t c = 0; c < cols; c++, x += step, pixel += 4) {
                while (x >= next) {
                    column++;
                    next += factor;
                }
                uint64_t alpha = pixel[3];
                uint64_t *sum = line + (size_t)column * 4;
                sum[0] += pixel[0] * alpha;
                sum[1] += pixel[1] * alpha;
                sum[2] += pixel[2] * alpha;
                sum[3] += alpha;
            }
            if (!arcade_png_goes_on(read, ++done, total)) return ARCADE_PNG_CANCELLED;
        }
    }
    // Each result pixel: the mean alpha of its square, and the colours weighted by alpha
    // (a transparent pixel lends no colour), rounded to nearest.
    for (uint32_t oy = 0; oy < out_height; oy++) {
        uint64_t square_height = height - (uint64_t)oy * factor < factor ? height - (uint64_t)oy * factor : factor;
        for (uint32_t ox = 0; ox < out_width; ox++) {
            uint64_t square_width = width - (uint64_t)ox * factor < factor ? width - (uint64_t)ox * factor : factor;
            uint64_t count = square_width * square_height;
            const uint64_t *sum = job->sums + ((size_t)oy * out_width + ox) * 4;
            uint8_t *out = job->pixels + (size_t)oy * stride + (size_t)ox * 4;
            uint64_t alpha = sum[3];
            for (int channel = 0; channel < 3; channel++) {
                out[channel] = alpha > 0 ? (uint8_t)((sum[channel] + alpha / 2) / alpha) : 0;
            }
            out[3] = (uint8_t)((alpha + count / 2) / count);
        }
    }
    return ARCADE_PNG_DONE;
}

/// Make a reader, let `attach` give it its input, run it, and free all but the result.
static arcade_png_status arcade_png_read_with(arcade_png_read *read, void (*attach)(png_structp, void *),
                                              void *input) {
    read->pixels = NULL;
    read->message[0] = 0;
    read->width = read->height = read->out_width = read->out_height = 0;
    arcade_png_job job = {.read = read};
    job.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &job, arcade_png_on_error, arcade_png_on_warning);
    if (job.png == NULL) return ARCADE_PNG_NO_MEMORY;
    job.info = png_create_info_struct(job.png);
    if (job.info == NULL) {
        png_destroy_read_struct(&job.png, NULL, NULL);
        return ARCADE_PNG_NO_MEMORY;
    }
    // Only what the picture needs: every ancillary chunk (text, profiles, unknown ones) is
    // passed over (its checksum read, its contents neither unpacked nor kept), so no chunk
    // can make a small file take memory; no other chunk may hold more than a mebibyte.
    png_set_keep_unknown_chunks(job.png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_set_chunk_malloc_max(job.png, 1 << 20);
    png_set_chunk_cache_max(job.png, 16);
    // A side over libpng's own limit is the arcade's "too large", not a damaged header:
    // libpng's limit is lifted and the arcade's (below) applies.
    png_set_user_limits(job.png, 0x7fffffff, 0x7fffffff);
    attach(job.png, input);
    arcade_png_status status = arcade_png_run(&job);
    png_destroy_read_struct(&job.png, &job.info, NULL);
    free(job.row);
    free(job.sums);
    if (status == ARCADE_PNG_DONE) {
        read->pixels = job.pixels;
    } else {
        free(job.pixels);
        read->out_width = read->out_height = 0;
    }
    return status;
}

/// A stream and the read whose `bytes_read` hears what is taken from it.
typedef struct {
    FILE *stream;
    const arcade_png_read *read;
} arcade_png_stream;

/// Reads from a stream as libpng's own reader does (same words when it ends early), and
/// hands each run of bytes to `bytes_read` before any error is raised: the listener always
/// returns before libpng jumps.
static void arcade_png_read_from_stream(png_structp png, png_bytep out, size_t count) {
    arcade_png_stream *source = png_get_io_ptr(png);
    size_t got = fread(out, 1, count, source->stream);
    if (got > 0 && source->read->bytes_read != NULL) source->read->bytes_read(source->read->bytes_context, out, got);
    if (got != count) png_error(png, "Read Error");
}

static void arcade_png_attach_stream(png_structp png, void *input) {
    png_set_read_fn(png, input, arcade_png_read_from_stream);
}

static void arcade_png_attach_memory(png_structp png, void *input) {
    png_set_read_fn(png, input, arcade_png_read_from_memory);
}

arcade_png_status arcade_png_read_stream(FILE *stream, arcade_png_read *read) {
    arcade_png_stream source = {.stream = stream, .read = read};
    return arcade_png_read_with(read, arcade_png_attach_stream, &source);
}

arcade_png_status arcade_png_read_memory(const void *data, size_t size, arcade_png_read *read) {
    arcade_png_memory memory = {.data = data, .size = size, .offset = 0};
    return arcade_png_read_with(read, arcade_png_attach_memory, &memory);
}

void arcade_png_free_pixels(arcade_png_read *read) {
    free(read->pixels);
    read->pixels = NULL;
}
