#ifndef DIARYGEN_CVIPS_H
#define DIARYGEN_CVIPS_H

#include <stddef.h>

/* libvips, as diarygen uses it. The library is loaded (dlopen) the first time a build
   meets a photo, not when diarygen starts: linked, libvips and the hundred libraries
   it brings cost every command about 19 ms before it did anything. Swift cannot call
   C's variadic functions, which is how libvips takes its options; each function here
   fixes the options diarygen uses. */

typedef struct _VipsImage VipsImage;

/* Loads and starts libvips, once per process: 0 when it can be used. */
int diarygen_vips_start(void);
/* Why libvips could not be loaded or started. */
const char *diarygen_vips_start_failure(void);

/* The loader libvips would read these bytes with (such as VipsForeignLoadJpegBuffer), or NULL. */
const char *diarygen_vips_loader(const void *bytes, size_t length);
/* The header of an image in memory; pixels are not decoded. */
VipsImage *diarygen_vips_header(const void *bytes, size_t length);
int diarygen_vips_width(VipsImage *image);
int diarygen_vips_page_height(VipsImage *image);
int diarygen_vips_pages(VipsImage *image);
/* Whether turning the image upright (EXIF orientation) swaps its width and height. */
int diarygen_vips_orientation_swaps(VipsImage *image);

int diarygen_vips_thumbnail(const void *bytes, size_t length, int width, int animated, VipsImage **out);
int diarygen_vips_shrink(VipsImage *in, int width, VipsImage **out);
VipsImage *diarygen_vips_in_memory(VipsImage *in);
void diarygen_vips_remove_metadata(VipsImage *image);

int diarygen_vips_webp(VipsImage *in, int quality, int lossless, void **bytes, size_t *length);
int diarygen_vips_jpeg(VipsImage *in, int quality, void **bytes, size_t *length);
int diarygen_vips_png(VipsImage *in, void **bytes, size_t *length);
int diarygen_vips_gif(VipsImage *in, void **bytes, size_t *length);

void diarygen_vips_unref(VipsImage *image);
/* Frees what a saver made. */
void diarygen_vips_free(void *bytes);

/* The last error libvips recorded on any thread, and clearing it. */
const char *diarygen_vips_error(void);
void diarygen_vips_clear_error(void);

#endif
