#include "arcade_test_png.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    arcade_test_png *png;
    FILE *file;
    uint8_t *row;
    char *text;
    png_text *texts;
} arcade_test_png_job;

static void arcade_test_png_on_error(png_structp png, png_const_charp message) {
    arcade_test_png_job *job = png_get_error_ptr(png);
    snprintf(job->png->message, sizeof job->png->message, "%s", message ? message : "");
    png_longjmp(png, 1);
}

static void arcade_test_png_on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static int arcade_test_png_run(arcade_test_png_job *job, png_structp png, png_infop info) {
    arcade_test_png *spec = job->png;
    if (setjmp(png_jmpbuf(png))) return 0;
    png_init_io(png, job->file);
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);  // pictures wider than a reader allows, too
    png_set_IHDR(png, info, spec->width, spec->height, spec->bit_depth, spec->color_type,
                 spec->interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    if (spec->color_type == PNG_COLOR_TYPE_PALETTE) {
        png_color colors[256];
        for (int i = 0; i < spec->palette_count && i < 256; i++) {
            colors[i].red = spec->palette[3 * i];
            colors[i].green = spec->palette[3 * i + 1];
            colors[i].blue = spec->palette[3 * i + 2];
        }
        png_set_PLTE(png, info, colors, spec->palette_count);
        if (spec->transparency_count > 0) {
            png_set_tRNS(png, info, spec->transparency, spec->transparency_count, NULL);
        }
    }
    if (spec->text_chunks > 0) {
        job->text = malloc(spec->text_size + 1);
        job->texts = calloc((size_t)spec->text_chunks, sizeof(png_text));
        if (job->text == NULL || job->texts == NULL) png_error(png, "out of memory for the text");
        memset(job->text, 'A', spec->text_size);
        job->text[spec->text_size] = 0;
        for (int i = 0; i < spec->text_chunks; i++) {
            job->texts[i].compression = PNG_TEXT_COMPRESSION_zTXt;
            job->texts[i].key = "Comment";
            job->texts[i].text = job->text;
            job->texts[i].text_length = spec->text_size;
        }
        png_set_text(png, info, job->texts, spec->text_chunks);
    }
    if (spec->compression_level >= 0) png_set_compression_level(png, spec->compression_level);
    png_set_filter(png, 0, PNG_FILTER_NONE);
    png_write_info(png, info);
    int passes = png_set_interlace_handling(png);
    job->row = malloc(png_get_rowbytes(png, info));
    if (job->row == NULL) png_error(png, "out of memory for a row");
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < spec->height; y++) {
            spec->row(spec->context, y, job->row);
            png_write_row(png, job->row);
        }
    }
    png_write_end(png, info);
    return 1;
}

int arcade_test_png_write(const char *path, arcade_test_png *png) {
    png->message[0] = 0;
    arcade_test_png_job job = {.png = png};
    job.file = fopen(path, "wb");
    if (job.file == NULL) {
        snprintf(png->message, sizeof png->message, "cannot create %s", path);
        return 0;
    }
    png_structp writer = png_create_write_struct(PNG_LIBPNG_VER_STRING, &job, arcade_test_png_on_error,
                                                 arcade_test_png_on_warning);
    png_infop info = writer ? png_create_info_struct(writer) : NULL;
    int written = info != NULL && arcade_test_png_run(&job, writer, info);
    png_destroy_write_struct(&writer, &info);
    free(job.row);
    free(job.text);
    free(job.texts);
    if (fclose(job.file) != 0) written = 0;
    return written;
}
