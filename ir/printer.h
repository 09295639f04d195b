/* printer.h: the IR printed as PyPTO text (spec printer.md).
 *
 * The output is byte-compatible with the reference printer (with its bugs
 * fixed) and always reparses to a structurally equal IR.  Every entry point
 * takes the module prefix ("pl" unless --prefix says otherwise). */
#ifndef PYPTOCC_PRINTER_H
#define PYPTOCC_PRINTER_H

#include "ir/ir.h"
#include "support/strbuf.h"

/* The spelling: today's language (pypto@e2d0f78a: pl.tile.*, pl.Mem,
 * pl.at, positional type items) or the March 2026 seed's (pl.block.*,
 * pl.MemorySpace, pl.incore(), memref=/tile_view= items).  What the seed
 * had no form of prints in today's form in both. */
typedef enum IrSyntax { IR_SYNTAX_TODAY, IR_SYNTAX_SEED } IrSyntax;

void ir_print_program(StrBuf *sb, IrCtx *ctx, const IrProgram *p, const char *prefix, IrSyntax syntax);
/* A function on its own: no header, no self, indent level 0. */
void ir_print_function(StrBuf *sb, IrCtx *ctx, const IrFunc *f, const char *prefix, IrSyntax syntax);
void ir_print_stmt(StrBuf *sb, IrCtx *ctx, const IrStmt *s, const char *prefix, IrSyntax syntax);
void ir_print_expr(StrBuf *sb, IrCtx *ctx, const IrExpr *e, const char *prefix, IrSyntax syntax);
void ir_print_type(StrBuf *sb, IrCtx *ctx, const IrType *t, const char *prefix, IrSyntax syntax);
/* Float literal text (printer.md 5.2); 0 if the value is not finite. */
int ir_format_float(double v, char *buf, size_t cap);
/* The program's functions in printing order (callees before callers). */
void ir_program_print_order(const IrProgram *p, const IrFunc **out);

#endif
