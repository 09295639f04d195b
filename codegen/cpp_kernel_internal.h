/* cpp_kernel_internal.h: what the files of the C++ kernel emitter share
 * (cpp_kernel.c, cpp_kernel_value.c, cpp_kernel_op.c, cpp_kernel_flow.c):
 * the emitter's state and its internal functions.  Private to the
 * emitter; codegen.h and cpp_emit.h are the interfaces. */
#ifndef CODEGEN_CPP_KERNEL_INTERNAL_H
#define CODEGEN_CPP_KERNEL_INTERNAL_H

#include "codegen/codegen.h"
#include "codegen/cpp_emit.h"
#include "codegen/lower.h"
#include "codegen/lower_list.h"
#include "codegen/lower_tensor.h"
#include "codegen/lower_tile.h"
#include "ir/op_registry.h"
#include "support/arena.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ the state */

typedef enum CvKind { CV_SCALAR, CV_TILE, CV_TENSOR, CV_HANDLE } CvKind;   /* handle: a prefetch's */

/* What an IR variable stands for in C++. */
typedef struct CVal {
    const char *name;          /* C++ identifier (scalars, tiles, tensor parameters) */
    uint8_t kind;              /* CvKind */
    uint8_t dtype;
    uint8_t named;             /* a parameter the C++ has named (for "(void)") */
    const char *type;          /* tiles: "Tile<...>" */
} CVal;

typedef struct Kern {
    LowerKernel k;             /* the program, options, kernel, output, arena */
    uint32_t gt;               /* GlobalTensors so far (cpp.md 4.2) */
    PtrMap vals;               /* IrVar -> CVal */
    const struct LowerList *L; /* the kernel lowered: its instructions, definitions and reads */
    PtrMap names;              /* interned C++ name -> non-NULL once taken */
    CppExpr ex;
    CVal poison;               /* what a variable is after the op defining it failed */
    const char *workspace;     /* the SDMA workspace parameter (LOWER_PARAM_WORKSPACE), or NULL */
    PtrMap pipes;              /* 1 + a cross-core pipe's id -> its TPipe object's name */
} Kern;

StrBuf *ck_line(Kern *K);
const char *ck_fresh_name(Kern *K, const char *base, const char *suffix);
CVal *ck_new_val(Kern *K, CvKind kind, const char *name, int dtype);
const CVal *ck_lookup(Kern *K, const IrExpr *x);
void ck_mark_unused(Kern *K, const IrVar *v, const char *name);
const char *ck_var_text(CppExpr *x, const IrVar *v, Span at);
int ck_scalar(Kern *K, StrBuf *o, const IrExpr *x, int to);
int ck_tile_scalar(Kern *K, StrBuf *o, const IrExpr *x, int dt);
void ck_declare_scalar(Kern *K, const IrVar *v, const IrExpr *value, int read_later);
const char *ck_tile_type(Kern *K, const IrType *t, int fillpad);
/* Another Tile object of type t at buffer T's address (cpp_kernel_value.c). */
const char *ck_tile_view_as(Kern *K, const char *base, const IrType *t, int fillpad, const LowerTile *T);
const CVal *ck_def_tile(Kern *K, const IrVar *v, int fillpad, const LowerTile *T);
const char *ck_scratch_tile(Kern *K, const IrVar *d, const LowerTile *T);
const char *ck_sub_tile(Kern *K, const IrVar *d, const IrType *t, const LowerTile *T, const IrExpr *off);
const CVal *ck_tile_arg(Kern *K, const IrCall *c, uint32_t i);
void ck_emit_transfer(Kern *K, const IrVar *dest, const IrCall *c, const LowerTransfer *t);
void ck_emit_comm(Kern *K, const IrVar *dest, const LowerComm *lc);
/* cpp_kernel_pipe.c: the cross-core pipe's ops. */
void ck_emit_pipe(Kern *K, const IrVar *dest, const IrCall *c, const LowerComm *lc);
void ck_emit_isa_op(Kern *K, const IrVar *dest, const IrCall *c, const LowerOp *lo, const LowerOpTiles *b);
void ck_print_list(Kern *K, const struct LowerList *L);
int ck_float_spelled(double d, int dtype);

static inline const char *opname(const OpDef *op, char *buf, size_t cap) { return op_printed_name(op, buf, cap); }
static inline const char *ident(Kern *K, const char *n) { return cpp_ident(K->k.ir, n, NULL); }
static inline void bind(Kern *K, const IrVar *v, const CVal *c) { ptrmap_put(&K->vals, v, (void *)c); }
static inline uint32_t uses_of(Kern *K, const IrVar *v) { return lower_list_reads(K->L, v); }
static inline const IrType *arg_type(Kern *K, const IrCall *c, uint32_t i) { return ir_expr_type(K->k.ir, c->args[i]); }

#endif
