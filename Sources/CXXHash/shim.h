// Compiled into the caller (XXH_INLINE_ALL): most values hashed are 8 bytes, which
// XXH3 then hashes in a few instructions, without a call into the shared library.
// The functions take the prefix XXH_INLINE_ (XXH_INLINE_XXH3_64bits_withSeed).
#define XXH_INLINE_ALL
#include <xxhash.h>
