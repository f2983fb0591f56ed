#ifndef CCMARKMARKS_H
#define CCMARKMARKS_H

/* Nonzero once a parse has marked the extensions' special characters through
   marks.c, which then never unmarks them: from then on, parses may run at once. */
int cmark_marks_stay(void);

#endif
