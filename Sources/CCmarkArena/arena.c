#include "CCmarkArena.h"

#include <cmark-gfm.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* cmark-gfm allocates every node, text, buffer and rendered page of a document
   through a cmark_mem, one call at a time, and frees them one at a time when the
   document goes. A document here lives for one conversion on one thread, so each
   thread takes its allocations from blocks of its own, in order, and lets them all
   go at once. (cmark-gfm's own arena is one for the whole process: parsers on two
   threads would share it.) The first block is kept for the thread's next document. */

enum { ALIGNMENT = 16, BLOCK_SIZE = 256 * 1024 };

typedef struct Block {
    struct Block *older;
    size_t size;
    size_t used;
    _Alignas(ALIGNMENT) unsigned char bytes[];
} Block;

/* Before each allocation, its size, so that it can be grown or copied. */
typedef struct {
    size_t size;
    size_t padding;
} Header;

static _Thread_local Block *newest = NULL;

static size_t rounded(size_t size) { return (size + ALIGNMENT - 1) & ~(size_t)(ALIGNMENT - 1); }

static void *allocate(size_t size) {
    if (size > SIZE_MAX / 2) abort();
    size_t needed = sizeof(Header) + rounded(size);
    if (newest == NULL || newest->size - newest->used < needed) {
        size_t capacity = needed > BLOCK_SIZE ? needed : BLOCK_SIZE;
        Block *block = malloc(sizeof(Block) + capacity);
        /* As cmark-gfm's own allocator does when memory runs out. */
        if (block == NULL) abort();
        block->older = newest;
        block->size = capacity;
        block->used = 0;
        newest = block;
    }
    Header *header = (Header *)(newest->bytes + newest->used);
    header->size = size;
    newest->used += needed;
    return header + 1;
}

static void *arena_calloc(size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / size) abort();
    void *memory = allocate(count * size);
    memset(memory, 0, count * size);
    return memory;
}

static void *arena_realloc(void *memory, size_t size) {
    if (memory == NULL) return allocate(size);
    Header *header = (Header *)memory - 1;
    unsigned char *end = (unsigned char *)memory + rounded(header->size);
    /* The newest allocation grows where it is: a buffer being appended to usually is. */
    if (end == newest->bytes + newest->used && size <= SIZE_MAX / 2 &&
        rounded(size) <= rounded(header->size) + (newest->size - newest->used)) {
        newest->used = newest->used - rounded(header->size) + rounded(size);
        header->size = size;
        return memory;
    }
    void *moved = allocate(size);
    memcpy(moved, memory, header->size < size ? header->size : size);
    return moved;
}

static void arena_free(void *memory) { (void)memory; }

static cmark_mem arena = {arena_calloc, arena_realloc, arena_free};

void *cmark_arena(void) { return &arena; }

void cmark_arena_release(void) {
    while (newest != NULL && newest->older != NULL) {
        Block *older = newest->older;
        free(newest);
        newest = older;
    }
    if (newest == NULL) return;
    if (newest->size == BLOCK_SIZE) {
        newest->used = 0;
    } else {
        free(newest);
        newest = NULL;
    }
}
