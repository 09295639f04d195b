/* cpp_orch_internal.h: what the files of the orchestration C++ emitter
 * share (cpp_orch.c, cpp_orch_slots.c, cpp_orch_name.c, cpp_orch_stmt.c,
 * cpp_orch_flow.c, cpp_orch_task.c): the emitter's state, its declared names and its
 * internal functions.  Private to the emitter; codegen.h and cpp_emit.h
 * are the interfaces. */
#ifndef CODEGEN_CPP_ORCH_INTERNAL_H
#define CODEGEN_CPP_ORCH_INTERNAL_H

#include "codegen/codegen.h"
#include "codegen/cpp_emit.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "support/arena.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------- the emitter */

enum { ON_SCALAR, ON_TENSOR, ON_ARRAY, ON_OTHER };

/* A declared C++ name. */
typedef struct OName {
    const char *name;          /* interned */
    struct OName *shadowed;    /* the declaration it hides, visible again at scope end */
    uint32_t depth;            /* scope depth of the declaration */
    uint32_t version;          /* changed by every assignment */
    uint32_t carried;          /* > 0 while an enclosing loop carries it */
    uint8_t kind;
    uint8_t dtype;             /* scalars */
    const IrType *type;        /* tensors from make_tensor; arrays */
} OName;

/* What an IR variable is in C++. */
typedef struct OVal {
    const char *text;          /* "ext_a", "c" */
    OName *decl;               /* the C++ variable; NULL for external tensors */
    uint32_t version;          /* decl's version when bound */
    const CppSlot *slot;       /* external tensors */
} OVal;

/* A version change, undone before an else branch. */
typedef struct Undo {
    OName *name;
    uint32_t version;
} Undo;

typedef struct Orch {
    IrCtx *ir;
    CppPlan *plan;             /* kernels, func ids, parameter use, slots and their buffers */
    const IrFunc *f;
    DiagEngine *diag;
    StrBuf *out;
    int indent;
    uint32_t depth;            /* C++ scope depth */
    uint32_t loop_depth;       /* scope depth of the innermost loop body (0: none) */
    uint32_t versions;         /* the last version handed out */
    uint32_t task;
    int rt_used;
    Arena arena;
    PtrMap vals;               /* IrVar -> OVal */
    PtrMap names;              /* interned name -> the visible OName */
    PtrMap calls;              /* tuple IrVar -> the IrCall that defined it */
    PtrMap named;              /* CppSlot -> non-NULL once its ext_ tensor is named */
    PtrMap kernel_scalars;     /* IrVar -> the IrCall: a kernel's scalar result, which orchestration does not get */
    OName **scope;             /* every visible declaration, innermost last */
    uint32_t nscope, capscope;
    Undo *undo;
    uint32_t nundo, capundo;
    CppExpr ex;
    Span stmt_span;
    int debug;                 /* -g: #line directives */
    uint32_t line;             /* -g: the last one's line */
    OVal poison;               /* what a variable is after the statement defining it failed */
} Orch;

/* Names the generated code declares itself: user names matching them get
 * a "v_" prefix (cpp_ident). */
static const char *const reserved[] = {"ext_*",      "arg_*",        "*_shapes",     "params_t*",
                                       "idx_*",      "rt",           "args",         "arg_count",
                                       "float_to_u64", "u64_to_float", "aicpu_orchestration_*", "main", NULL};

const IrExpr *orch_out_arg(CppPlan *plan, const IrCall *c, uint32_t i);
void orch_err(Orch *O, Span sp, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
Span orch_span_of(const Orch *O, const IrExpr *x);
StrBuf *orch_line(Orch *O);
OName *orch_declare(Orch *O, const char *name, int kind, int dtype, const IrType *type);
void orch_scope_close(Orch *O);
int orch_assign(Orch *O, OName *n, Span sp);
OVal *orch_bind_name(Orch *O, const IrVar *v, OName *n);
const OVal *orch_value(Orch *O, const IrVar *v, Span at);
const char *orch_var_text(CppExpr *x, const IrVar *v, Span at);
int orch_expr(Orch *O, StrBuf *o, const IrExpr *e);
int orch_dim_text(Orch *O, StrBuf *o, const IrExpr *e, int as_unsigned);
const OVal *orch_tensor_value(Orch *O, const IrExpr *x, int named);
void orch_define(Orch *O, const IrVar *v, const char *type, int kind, const char *text, size_t len);
void orch_emit_call(Orch *O, const IrVar *dest, const IrCall *c);
int orch_kind_of(const IrType *t);
const char *orch_type_name(Orch *O, const IrType *t);
int orch_task_call(Orch *O, const IrVar *dest, const IrCall *c);
int orch_value_text(Orch *O, StrBuf *o, const IrExpr *x);
const char *orch_call_text(CppExpr *x, const IrCall *c);
void orch_emit_assign(Orch *O, const IrAssign *a);
void orch_emit_stmt(Orch *O, const IrStmt *s);

static inline const char *cname(Orch *O, const IrVar *v)
{
    return cpp_ident(O->ir, cpp_strip(O->ir, v->name), reserved);
}
static inline OName *visible(Orch *O, const char *name) { return ptrmap_get(&O->names, name); }
/* What a declaration of a value of type t starts with: a task id is often
 * named only in deps=, which tasks run in program order do not need. */
static inline const char *decl_attr(const IrType *t) { return ir_type_holds_tasks(t) ? "[[maybe_unused]] " : ""; }
static inline void scope_open(Orch *O) { O->depth++; }

#endif
