/* mlir_lint.h: the PTO MLIR well-formedness checks of mlir_lint.c. */
#ifndef PYPTOCC_MLIR_LINT_H
#define PYPTOCC_MLIR_LINT_H

#include <stddef.h>
#include <stdio.h>

/* Checks len bytes of PTO MLIR text; each problem goes to out as
 * "name:LINE: message" (out NULL: only counted).  Returns the number of
 * problems. */
int mlir_lint_text(const char *name, const char *text, size_t len, FILE *out);

#endif
