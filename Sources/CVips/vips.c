#include "CVips.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* libvips' ABI, major version 42 (libvips 8.x, Debian's libvips42). The constants are
   those of its headers: VIPS_MAX_COORD, VIPS_SIZE_DOWN, G_LOG_LEVEL_WARNING. */
#define VIPS_LIBRARY "libvips.so.42"
enum { MAX_COORD = 10000000, SIZE_DOWN = 2, LOG_LEVEL_WARNING = 1 << 4 };

/* Every function of libvips and GLib that diarygen calls, found in the library once loaded. */
static struct {
    int (*init)(const char *argv0);
    int (*version)(int flag);
    unsigned (*log_set_handler)(const char *domain, int levels, void (*handler)(const char *, int, const char *, void *), void *data);
    void (*concurrency_set)(int concurrency);
    void (*cache_set_max)(int max);
    const char *(*find_load_buffer)(const void *bytes, size_t length);
    VipsImage *(*new_from_buffer)(const void *bytes, size_t length, const char *options, ...);
    int (*get_width)(const VipsImage *image);
    int (*get_page_height)(VipsImage *image);
    int (*get_n_pages)(VipsImage *image);
    int (*get_orientation_swap)(VipsImage *image);
    int (*thumbnail_buffer)(void *bytes, size_t length, VipsImage **out, int width, ...);
    int (*thumbnail_image)(VipsImage *in, VipsImage **out, int width, ...);
    VipsImage *(*copy_memory)(VipsImage *in);
    char **(*get_fields)(VipsImage *image);
    int (*remove)(VipsImage *image, const char *name);
    void (*strfreev)(char **strings);
    int (*hasalpha)(VipsImage *image);
    void *(*array_double_new)(const double *array, int n);
    void (*area_unref)(void *area);
    int (*flatten)(VipsImage *in, VipsImage **out, ...);
    int (*webpsave_buffer)(VipsImage *in, void **bytes, size_t *length, ...);
    int (*jpegsave_buffer)(VipsImage *in, void **bytes, size_t *length, ...);
    int (*pngsave_buffer)(VipsImage *in, void **bytes, size_t *length, ...);
    int (*gifsave_buffer)(VipsImage *in, void **bytes, size_t *length, ...);
    void (*object_unref)(void *object);
    void (*free)(void *memory);
    const char *(*error_buffer)(void);
    void (*error_clear)(void);
} vips;

static char failure[512] = "libvips was not started";

static void quiet(const char *domain, int level, const char *message, void *data) {}

static int find(void *library, void **function, const char *name) {
    *function = dlsym(library, name);
    if (*function) return 0;
    snprintf(failure, sizeof failure, "%s has no function %s", VIPS_LIBRARY, name);
    return -1;
}

/* Once per process (Swift's lazy static calls it once). Each image is worked on one
   thread and the photos on every core, and nothing is kept in libvips' operation
   cache: every image is seen once. */
int diarygen_vips_start(void) {
    void *library = dlopen(VIPS_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(failure, sizeof failure, "libvips is not installed (apt-get install libvips42): %s", dlerror());
        return -1;
    }
    struct { void **function; const char *name; } wanted[] = {
        {(void **)&vips.init, "vips_init"}, {(void **)&vips.version, "vips_version"},
        {(void **)&vips.log_set_handler, "g_log_set_handler"}, {(void **)&vips.concurrency_set, "vips_concurrency_set"},
        {(void **)&vips.cache_set_max, "vips_cache_set_max"}, {(void **)&vips.find_load_buffer, "vips_foreign_find_load_buffer"},
        {(void **)&vips.new_from_buffer, "vips_image_new_from_buffer"}, {(void **)&vips.get_width, "vips_image_get_width"},
        {(void **)&vips.get_page_height, "vips_image_get_page_height"}, {(void **)&vips.get_n_pages, "vips_image_get_n_pages"},
        {(void **)&vips.get_orientation_swap, "vips_image_get_orientation_swap"},
        {(void **)&vips.thumbnail_buffer, "vips_thumbnail_buffer"}, {(void **)&vips.thumbnail_image, "vips_thumbnail_image"},
        {(void **)&vips.copy_memory, "vips_image_copy_memory"}, {(void **)&vips.get_fields, "vips_image_get_fields"},
        {(void **)&vips.remove, "vips_image_remove"}, {(void **)&vips.strfreev, "g_strfreev"},
        {(void **)&vips.hasalpha, "vips_image_hasalpha"}, {(void **)&vips.array_double_new, "vips_array_double_new"},
        {(void **)&vips.area_unref, "vips_area_unref"}, {(void **)&vips.flatten, "vips_flatten"},
        {(void **)&vips.webpsave_buffer, "vips_webpsave_buffer"}, {(void **)&vips.jpegsave_buffer, "vips_jpegsave_buffer"},
        {(void **)&vips.pngsave_buffer, "vips_pngsave_buffer"}, {(void **)&vips.gifsave_buffer, "vips_gifsave_buffer"},
        {(void **)&vips.object_unref, "g_object_unref"}, {(void **)&vips.free, "g_free"},
        {(void **)&vips.error_buffer, "vips_error_buffer"}, {(void **)&vips.error_clear, "vips_error_clear"},
    };
    for (size_t index = 0; index < sizeof wanted / sizeof wanted[0]; index++) {
        if (find(library, wanted[index].function, wanted[index].name)) return -1;
    }
    if (vips.version(0) != 8) {
        snprintf(failure, sizeof failure, "%s is libvips %d, not 8", VIPS_LIBRARY, vips.version(0));
        return -1;
    }
    if (vips.init("diarygen")) {
        snprintf(failure, sizeof failure, "libvips could not start: %s", vips.error_buffer());
        return -1;
    }
    /* Problems come back as errors and become warnings that name the entry; libvips'
       own warnings on the terminal would say the same without saying where. */
    vips.log_set_handler("VIPS", LOG_LEVEL_WARNING, quiet, NULL);
    vips.concurrency_set(1);
    vips.cache_set_max(0);
    return 0;
}

const char *diarygen_vips_start_failure(void) { return failure; }

const char *diarygen_vips_loader(const void *bytes, size_t length) { return vips.find_load_buffer(bytes, length); }

VipsImage *diarygen_vips_header(const void *bytes, size_t length) { return vips.new_from_buffer(bytes, length, "", NULL); }

int diarygen_vips_width(VipsImage *image) { return vips.get_width(image); }
int diarygen_vips_page_height(VipsImage *image) { return vips.get_page_height(image); }
int diarygen_vips_pages(VipsImage *image) { return vips.get_n_pages(image); }
int diarygen_vips_orientation_swaps(VipsImage *image) { return vips.get_orientation_swap(image); }

/* Decoded, turned upright (EXIF orientation) and shrunk to at most `width` wide
   while it loads; every page of an animation when `animated`. A truncated or
   damaged file is an error, not a grey half picture. */
int diarygen_vips_thumbnail(const void *bytes, size_t length, int width, int animated, VipsImage **out) {
    /* The loader's own options: thumbnail's `fail_on` does not reach a loader from memory. */
    return vips.thumbnail_buffer((void *)bytes, length, out, width, "height", MAX_COORD, "size", SIZE_DOWN,
                                 "option_string", animated ? "n=-1,fail_on=truncated" : "fail_on=truncated", NULL);
}

int diarygen_vips_shrink(VipsImage *in, int width, VipsImage **out) {
    return vips.thumbnail_image(in, out, width, "height", MAX_COORD, "size", SIZE_DOWN, NULL);
}

/* Pixels into memory, so several sizes are made from one decode. */
VipsImage *diarygen_vips_in_memory(VipsImage *in) { return vips.copy_memory(in); }

/* Removes every metadata item (EXIF, XMP, IPTC, comments, colour profiles and
   any other) but what an animation needs to play. libvips 8.14's WebP saver
   writes EXIF even when told to strip, so nothing is left to write. The pixels
   are sRGB already: libvips' thumbnail converts from an embedded profile. */
void diarygen_vips_remove_metadata(VipsImage *image) {
    static const char *kept[] = {"page-height", "n-pages", "delay", "loop", "gif-delay", "gif-loop", NULL};
    char **fields = vips.get_fields(image);
    for (char **field = fields; *field; field++) {
        int keep = 0;
        for (const char **name = kept; *name; name++) if (strcmp(*field, *name) == 0) keep = 1;
        if (!keep) vips.remove(image, *field);
    }
    vips.strfreev(fields);
}

/* Savers are told to strip too, for the metadata a saver makes itself. */
int diarygen_vips_webp(VipsImage *in, int quality, int lossless, void **bytes, size_t *length) {
    return vips.webpsave_buffer(in, bytes, length, "Q", quality, "lossless", lossless, "strip", 1, NULL);
}

int diarygen_vips_jpeg(VipsImage *in, int quality, void **bytes, size_t *length) {
    VipsImage *flat = NULL;
    if (vips.hasalpha(in)) {
        double white[3] = {255, 255, 255};
        void *background = vips.array_double_new(white, 3);
        int failed = vips.flatten(in, &flat, "background", background, NULL);
        vips.area_unref(background);
        if (failed) return -1;
        in = flat;
    }
    int result = vips.jpegsave_buffer(in, bytes, length, "Q", quality, "strip", 1, "optimize_coding", 1, "interlace", 1, NULL);
    if (flat) vips.object_unref(flat);
    return result;
}

int diarygen_vips_png(VipsImage *in, void **bytes, size_t *length) {
    return vips.pngsave_buffer(in, bytes, length, "strip", 1, NULL);
}

int diarygen_vips_gif(VipsImage *in, void **bytes, size_t *length) {
    return vips.gifsave_buffer(in, bytes, length, "strip", 1, NULL);
}

void diarygen_vips_unref(VipsImage *image) { vips.object_unref(image); }
void diarygen_vips_free(void *bytes) { vips.free(bytes); }

const char *diarygen_vips_error(void) { return vips.error_buffer(); }
void diarygen_vips_clear_error(void) { vips.error_clear(); }
