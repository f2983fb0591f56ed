// jemalloc reads its options from this variable of the program it runs in (and
// then from MALLOC_CONF, which still overrides them).
//
// One arena rather than four per core: with an arena per thread, what one of a
// build's threads freed was not there for another's next allocation, and a rebuild
// first-touched more memory than it needed (docs/speed.md has the figures).
const char *malloc_conf = "narenas:1";
