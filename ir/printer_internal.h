/* printer_internal.h: what the two files of the IR printer share
 * (printer.c: types and expressions; printer_stmt.c: statements,
 * functions and programs). */
#ifndef PYPTOCC_PRINTER_INTERNAL_H
#define PYPTOCC_PRINTER_INTERNAL_H

#include "ir/printer.h"
#include "support/ptrmap.h"

typedef struct Printer {
    StrBuf *sb;
    IrCtx *ctx;
    const char *prefix;
    IrSyntax syntax;
    int in_program;   /* GlobalVar calls print as self.f(...) */
    const IrFunc *func;   /* the function being printed (its attributes name its parameters) */
    /* The on-chip MemRefs an assignment of that function defines (an
     * alloc statement), which a type names; others print in full.  NULL
     * outside a function: every on-chip MemRef is named. */
    const PtrMap *allocs;
    int indent;       /* nesting level (4 spaces each) */
    int started;      /* a line has been written */
    /* The yield that the body being printed assigns its construct's return
     * variables from (printed `x = pl.yield_(...)` where it stands). */
    const IrStmt *ret_yield;
    uint32_t ret_n;
    const IrVar *const *ret;
    /* The value of the assignment being printed, whose annotation gives a
     * cross-core pop's tile type (printed without it), and the depth of
     * pl.split_aiv regions, whose crossings print without their split. */
    const IrExpr *annotated;
    int split_aiv;
} Printer;

void pr_init(Printer *p, StrBuf *sb, IrCtx *ctx, const char *prefix, IrSyntax syntax);
/* Starts a line: the newline of the previous one, then the indentation. */
void pr_line(Printer *p);
/* "<prefix>.<rest>" */
void pr_pfx(Printer *p, const char *rest);
void pr_expr(Printer *p, const IrExpr *e);
void pr_expr_list(Printer *p, uint32_t n, const IrExpr *const *v);
void pr_type(Printer *p, const IrType *t);
void pr_dtype(Printer *p, int dt);
/* pl.Mem.Vec today, pl.MemorySpace.Vec in the seed's spelling. */
void pr_memspace(Printer *p, MemorySpace ms);
void pr_kwarg(Printer *p, const IrKwarg *kw);
void pr_kwarg_value(Printer *p, const IrKwarg *kw);
void pr_string(Printer *p, const char *s);

#endif
