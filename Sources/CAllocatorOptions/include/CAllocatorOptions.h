// The options jemalloc reads from the program (options.c).
extern const char *malloc_conf;
