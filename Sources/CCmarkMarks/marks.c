#include "CCmarkMarks.h"

#include <dlfcn.h>
#include <stdatomic.h>

/* libcmark-gfm keeps one table, for the whole process, of the characters that start
   an inline: cmark_parser_finish marks those of the parser's extensions (`~`, `:`,
   `w`) before it parses inlines and unmarks them after, so a parse that ends while
   another runs takes `~~` and autolinks away from it (github/cmark-gfm#176).

   The library calls this function through its PLT, so the executable's definition
   here takes the place of its own. It marks as the library does, through the
   library's own function, and never unmarks: every parser diarygen makes attaches
   the same extensions, so the table is the same for all of them once the first parse
   has marked it. Markdown.swift parses alone until it has seen this function run. */

typedef void (*ManageSpecialCharacters)(void *parser, int add);

static _Atomic(ManageSpecialCharacters) library_function = NULL;
static atomic_int marked = 0;

void cmark_manage_extensions_special_characters(void *parser, int add) {
    if (!add) return;
    ManageSpecialCharacters mark = atomic_load(&library_function);
    if (mark == NULL) {
        mark = (ManageSpecialCharacters)dlsym(RTLD_NEXT, "cmark_manage_extensions_special_characters");
        /* Not found only if the library is not loaded, and then nothing calls this. */
        if (mark == NULL) return;
        atomic_store(&library_function, mark);
    }
    mark(parser, add);
    atomic_store(&marked, 1);
}

int cmark_marks_stay(void) { return atomic_load(&marked); }
