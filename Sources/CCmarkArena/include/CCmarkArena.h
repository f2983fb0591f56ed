#ifndef CCMARKARENA_H
#define CCMARKARENA_H

/* The calling thread's arena, as a `cmark_mem *` (void * here, so that this module
   declares no cmark type of its own). What is allocated through it stays until
   cmark_arena_release; freeing through it does nothing. */
void *cmark_arena(void);

/* Lets go of everything the calling thread allocated through its arena since the
   last release. Nothing allocated through it may be used afterwards. */
void cmark_arena_release(void);

#endif
