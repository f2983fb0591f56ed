#include <vips/vips.h>

/* Swift cannot call C's variadic functions, which is how libvips takes its
   options; each wrapper here fixes the options diarygen uses. */

static inline void diarygen_vips_quiet(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {}

/* Once per process. Each image is worked on one thread and the photos on every
   core, and nothing is kept in libvips' operation cache: every image is seen once. */
static inline int diarygen_vips_start(void) {
    if (VIPS_INIT("diarygen")) return -1;
    /* Problems come back as errors and become warnings that name the entry; libvips'
       own warnings on the terminal would say the same without saying where. */
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, diarygen_vips_quiet, NULL);
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    return 0;
}

/* The header of an image in memory; pixels are not decoded. */
static inline VipsImage *diarygen_vips_header(const void *bytes, size_t length) {
    return vips_image_new_from_buffer(bytes, length, "", NULL);
}

/* Decoded, turned upright (EXIF orientation) and shrunk to at most `width` wide
   while it loads; every page of an animation when `animated`. A truncated or
   damaged file is an error, not a grey half picture. */
static inline int diarygen_vips_thumbnail(const void *bytes, size_t length, int width, int animated, VipsImage **out) {
    /* The loader's own options: thumbnail's `fail_on` does not reach a loader from memory. */
    return vips_thumbnail_buffer((void *)bytes, length, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
                                 "option_string", animated ? "n=-1,fail_on=truncated" : "fail_on=truncated", NULL);
}

static inline int diarygen_vips_shrink(VipsImage *in, int width, VipsImage **out) {
    return vips_thumbnail_image(in, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, NULL);
}

/* Pixels into memory, so several sizes are made from one decode. */
static inline VipsImage *diarygen_vips_in_memory(VipsImage *in) {
    return vips_image_copy_memory(in);
}

/* Removes every metadata item (EXIF, XMP, IPTC, comments, colour profiles and
   any other) but what an animation needs to play. libvips 8.14's WebP saver
   writes EXIF even when told to strip, so nothing is left to write. The pixels
   are sRGB already: libvips' thumbnail converts from an embedded profile. */
static inline void diarygen_vips_remove_metadata(VipsImage *image) {
    static const char *kept[] = {"page-height", "n-pages", "delay", "loop", "gif-delay", "gif-loop", NULL};
    gchar **fields = vips_image_get_fields(image);
    for (gchar **field = fields; *field; field++) {
        gboolean keep = FALSE;
        for (const char **name = kept; *name; name++) if (strcmp(*field, *name) == 0) keep = TRUE;
        if (!keep) vips_image_remove(image, *field);
    }
    g_strfreev(fields);
}

/* Savers are told to strip too, for the metadata a saver makes itself. */
static inline int diarygen_vips_webp(VipsImage *in, int quality, int lossless, void **bytes, size_t *length) {
    return vips_webpsave_buffer(in, bytes, length, "Q", quality, "lossless", lossless, "strip", TRUE, NULL);
}

static inline int diarygen_vips_jpeg(VipsImage *in, int quality, void **bytes, size_t *length) {
    VipsImage *flat = NULL;
    if (vips_image_hasalpha(in)) {
        double white[3] = {255, 255, 255};
        VipsArrayDouble *background = vips_array_double_new(white, 3);
        int failed = vips_flatten(in, &flat, "background", background, NULL);
        vips_area_unref(VIPS_AREA(background));
        if (failed) return -1;
        in = flat;
    }
    int result = vips_jpegsave_buffer(in, bytes, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE,
                                      "interlace", TRUE, NULL);
    if (flat) g_object_unref(flat);
    return result;
}

static inline int diarygen_vips_png(VipsImage *in, void **bytes, size_t *length) {
    return vips_pngsave_buffer(in, bytes, length, "strip", TRUE, NULL);
}

static inline int diarygen_vips_gif(VipsImage *in, void **bytes, size_t *length) {
    return vips_gifsave_buffer(in, bytes, length, "strip", TRUE, NULL);
}

static inline int diarygen_vips_avif(VipsImage *in, int quality, void **bytes, size_t *length) {
    return vips_heifsave_buffer(in, bytes, length, "Q", quality, "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1,
                                "strip", TRUE, NULL);
}

/* The last error libvips recorded on any thread, and clearing it. */
static inline const char *diarygen_vips_error(void) { return vips_error_buffer(); }
static inline void diarygen_vips_clear_error(void) { vips_error_clear(); }
