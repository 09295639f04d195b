/* lower_dump.h: what the two lowered lists' text (--dump-after=lower)
 * has in common: lower_dump.c writes the pto-isa list (LowerList) and
 * lower_tir_dump.c the tile IR's (TirList), one line per instruction
 * with the line and column of its statement, indented by control flow,
 * variables by name and scalar values as IR expressions. */
#ifndef PYPTOCC_LOWER_DUMP_H
#define PYPTOCC_LOWER_DUMP_H

#include "codegen/lower.h"

typedef struct LowerDump {
    StrBuf *out;
    LowerKernel *k;
    int indent;
} LowerDump;

/* The start of an instruction's line: "  17:9   " for the statement at
 * at (blanks when it has no place), then the indentation. */
void lower_dump_line(LowerDump *D, Span at);
void lower_dump_expr(LowerDump *D, const IrExpr *x);
/* A variable's name; "_" for none. */
void lower_dump_var(LowerDump *D, const IrVar *v);
/* "[a, i + 1]" */
void lower_dump_exprs(LowerDump *D, const IrMakeTuple *m);
/* The head of a for ("for i in 0 .. n step 1") or a while ("while c"). */
void lower_dump_loop_head(LowerDump *D, const IrStmt *s);

#endif
