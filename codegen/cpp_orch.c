/* cpp_orch.c: orchestration C++ for the PTO2 runtime API (cpp.md 6) and
 * kernel_config.py (cpp.md 7).
 *
 * The format is the reference's: every C++ name is the IR name without
 * its SSA suffix, so the SSA versions of a variable (c_0, c_1) share one
 * C++ variable.  A kernel call writes its results into its Out arguments,
 * so a call's result is another name for the argument it was written to;
 * the emitter binds it to that argument's C++ text and writes nothing.
 *
 * Sharing a name is only right while the versions follow one another.
 * The emitter keeps, per declared C++ name, a version that every
 * assignment changes, and refuses a use of an IR variable whose C++
 * variable has since been assigned another version, and an assignment in
 * a loop body to a variable declared outside it that the loop does not
 * carry (it would leak into the next iteration).  The reference wrote such
 * programs silently wrong.
 *
 * Argument slots (cpp.md 6.2 item 3) are the tensor parameters and the
 * returned tensors that are not parameters.  A returned tensor is traced
 * back through kernel calls and copies to the tensor it is the buffer of:
 * a parameter (no slot of its own), or a tensor the function creates,
 * which then is the slot's external buffer and is not created. */
#include "config.h"
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

/* Names the generated code declares itself: user names matching them get
 * a "v_" prefix (cpp_ident). */
static const char *const reserved[] = {"ext_*",      "arg_*",        "*_shapes",     "params_t*",
                                       "idx_*",      "rt",           "args",         "arg_count",
                                       "float_to_u64", "aicpu_orchestration_*", "main", NULL};

/* ------------------------------------------------------------ the slots */

/* What defines each variable of the function, for tracing buffers. */
typedef struct Defs {
    IrCtx *ir;
    const IrProgram *prog;
    PtrMap *uses;              /* kernel -> CppParamUse */
    PtrMap def;                /* IrVar -> the value assigned to it, or a loop's init for a return variable */
    PtrMap yielded;            /* a loop's return variable -> what its body yields */
    const IrValues *ret;       /* the function's (first) return */
} Defs;

static int defs_stmt(IrWalker *w, const IrStmt *s)
{
    Defs *D = w->data;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        ptrmap_put(&D->def, IR_AS(IrAssign, s)->var, (void *)IR_AS(IrAssign, s)->value);
        break;
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        const IrValues *y = ir_body_yield(f->body);
        for (uint32_t i = 0; i < f->niter; i++) {
            ptrmap_put(&D->def, f->ret[i], (void *)f->iter_args[i]->init);
            if (y && i < y->n)
                ptrmap_put(&D->yielded, f->ret[i], (void *)y->values[i]);
        }
        break;
    }
    case STMT_WHILE: {
        const IrWhile *f = IR_AS(IrWhile, s);
        const IrValues *y = ir_body_yield(f->body);
        for (uint32_t i = 0; i < f->niter; i++) {
            ptrmap_put(&D->def, f->ret[i], (void *)f->iter_args[i]->init);
            if (y && i < y->n)
                ptrmap_put(&D->yielded, f->ret[i], (void *)y->values[i]);
        }
        break;
    }
    case STMT_RETURN:
        if (!D->ret)
            D->ret = IR_AS(IrValues, s);
        break;
    default:
        break;
    }
    return 1;
}

/* The argument of kernel call c that holds result i (the elements of a
 * kernel call's result are its output arguments, cpp.md 6.2): the one the
 * kernel stores its i-th returned tensor into, else its i-th output
 * parameter; NULL when there is none or the callee is not a kernel. */
static const IrExpr *out_arg(IrCtx *ir, const IrProgram *prog, PtrMap *uses, const IrCall *c, uint32_t i)
{
    const IrFunc *f = c->callee->kind == CALLEE_GLOBAL ? ir_program_find(prog, c->callee->name) : NULL;
    const CppParamUse *u;
    if (!f || f->nparams != c->nargs || ir_kernel_kind(f) == KERNEL_NONE)
        return NULL;
    u = cpp_param_use(ir, f, uses);
    if (i < u->nret && u->ret[i] >= 0)
        return c->args[u->ret[i]];
    for (uint32_t k = 0; k < f->nparams; k++)
        if (u->dir[k] != CPP_ARG_IN && i-- == 0)
            return c->args[k];
    return NULL;
}

static int calls_non_kernel(const IrProgram *prog, const IrExpr *x)
{
    const IrFunc *f;
    if (!x || x->kind != EXPR_CALL || IR_AS(IrCall, x)->callee->kind == CALLEE_OP)
        return 0;
    f = ir_program_find(prog, IR_AS(IrCall, x)->callee->name);
    return !f || ir_kernel_kind(f) == KERNEL_NONE;
}

static int is_op(const IrExpr *x, const char *name)
{
    return x->kind == EXPR_CALL && IR_AS(IrCall, x)->callee->kind == CALLEE_OP &&
           strcmp(IR_AS(IrCall, x)->callee->name, name) == 0;
}

/* The variable whose buffer v is: a parameter or a tensor.create result;
 * NULL when v is a view or cannot be traced (*other set when that is
 * because it comes from a call of a non-kernel, reported elsewhere).  A
 * loop's result is traced to its init, or with yielded set to what the
 * body yields (the last iteration's value). */
static const IrVar *buffer_of(const Defs *D, const IrFunc *f, const IrVar *v, int yielded, int *other)
{
    for (uint32_t steps = 0; v && steps < 100000; steps++) {
        const IrExpr *x, *t;
        for (uint32_t i = 0; i < f->nparams; i++)
            if (f->params[i].var == v)
                return v;
        x = v->e.kind == EXPR_ITER_ARG ? IR_AS(IrIterArg, v)->init : NULL;
        if (!x && yielded)
            x = ptrmap_get(&D->yielded, v);
        if (!x)
            x = ptrmap_get(&D->def, v);
        if (!x)
            return NULL;
        if (is_op(x, "tensor.create"))
            return v;
        t = x->kind == EXPR_TUPLE_GET && ir_is_var_like(IR_AS(IrTupleGet, x)->tuple)
                ? ptrmap_get(&D->def, IR_AS(IrTupleGet, x)->tuple)
                : x;
        if (calls_non_kernel(D->prog, t)) {
            *other = 1;
            return NULL;
        }
        if (x->kind == EXPR_CALL && IR_AS(IrCall, x)->callee->kind == CALLEE_GLOBAL)
            x = out_arg(D->ir, D->prog, D->uses, IR_AS(IrCall, x), 0);
        else if (x->kind == EXPR_TUPLE_GET)
            x = t && t->kind == EXPR_CALL ? out_arg(D->ir, D->prog, D->uses, IR_AS(IrCall, t), IR_AS(IrTupleGet, x)->index)
                                          : NULL;
        v = x && ir_is_var_like(x) ? IR_AS(IrVar, x) : NULL;
    }
    return NULL;
}

/* The slots, and for each created tensor that is a slot's buffer, the
 * slot (roots, when given: IrVar -> CppSlot). */
static int find_slots(IrCtx *ir, const IrProgram *prog, const IrFunc *orch, PtrMap *uses, CppSlot **slots,
                      uint32_t *n, PtrMap *roots, DiagEngine *diag)
{
    Defs D;
    IrWalker w;
    PtrMap by_var, by_name;    /* parameter / buffer variable -> slot; name -> slot */
    CppSlot *s;
    uint32_t cap = orch->nparams, ns = 0;
    int bad = 0;
    memset(&D, 0, sizeof D);
    D.ir = ir;
    D.prog = prog;
    D.uses = uses;
    ptrmap_init(&D.def);
    ptrmap_init(&D.yielded);
    ptrmap_init(&by_var);
    ptrmap_init(&by_name);
    memset(&w, 0, sizeof w);
    w.pre_stmt = defs_stmt;
    w.data = &D;
    ir_walk_func(&w, orch);
    if (D.ret)
        cap += D.ret->n;
    s = arena_array(&ir->arena, cap ? cap : 1, sizeof *s);
    for (uint32_t i = 0; i < orch->nparams; i++) {
        const IrVar *p = orch->params[i].var;
        if (p->type->kind != TYPE_TENSOR) {
            diag_error(diag, p->e.span,
                       "the Orchestration function '%s' takes the %s '%s'; its arguments can only be tensors "
                       "(cpp.md 6.2)",
                       orch->name, p->type->kind == TYPE_SCALAR ? "scalar" : "value", p->name);
            bad = 1;
            continue;
        }
        s[ns].name = cpp_strip(ir, p->name);
        s[ns].type = p->type;
        s[ns].dir = orch->params[i].dir == DIR_OUT ? CPP_ARG_OUT : orch->params[i].dir == DIR_INOUT ? CPP_ARG_INOUT
                                                                                                    : CPP_ARG_IN;
        ptrmap_put(&by_var, p, &s[ns]);
        ptrmap_put(&by_name, s[ns].name, &s[ns]);
        ns++;
    }
    for (uint32_t i = 0; D.ret && i < D.ret->n; i++) {
        const IrExpr *x = D.ret->values[i];
        const IrVar *v = ir_is_var_like(x) ? IR_AS(IrVar, x) : NULL;
        int other = 0;
        const IrVar *buf = v && v->type->kind == TYPE_TENSOR ? buffer_of(&D, orch, v, 0, &other) : NULL;
        const IrVar *last = buf ? buffer_of(&D, orch, v, 1, &other) : NULL;
        CppSlot *have;
        if (!v || v->type->kind != TYPE_TENSOR) {
            diag_error(diag, x->span.lo != SPAN_UNKNOWN_OFFSET ? x->span : D.ret->s.span,
                       "an Orchestration function can only return tensor variables");
            bad = 1;
            continue;
        }
        if (!buf && other) {
            bad = 1;   /* the call is reported where it is emitted */
            continue;
        }
        if (!buf) {
            diag_error(diag, D.ret->s.span,
                       "cannot tell which buffer the returned tensor '%s' is: return a parameter, a created tensor "
                       "or a kernel's output",
                       v->name);
            bad = 1;
            continue;
        }
        if ((have = ptrmap_get(&by_var, buf))) {
            /* A parameter or a buffer already returned: no second slot. */
            if (have->dir == CPP_ARG_IN)
                have->dir = CPP_ARG_INOUT;
            continue;
        }
        s[ns].name = cpp_strip(ir, v->name);
        s[ns].type = buf->type;
        s[ns].dir = CPP_ARG_OUT;
        if (ptrmap_get(&by_name, s[ns].name)) {
            diag_error(diag, D.ret->s.span, "the returned tensor '%s' would be a second argument named '%s'", v->name,
                       s[ns].name);
            bad = 1;
            continue;
        }
        ptrmap_put(&by_var, buf, &s[ns]);
        ptrmap_put(&by_name, s[ns].name, &s[ns]);
        if (roots)
            ptrmap_put(roots, buf, &s[ns]);
        /* A tensor a loop creates in each iteration and leaves as its
         * result: the slot's buffer too (it holds the last iteration's). */
        if (roots && last && last != buf && !ptrmap_get(&by_var, last) && last->e.kind != EXPR_ITER_ARG) {
            int param = 0;
            for (uint32_t k = 0; k < orch->nparams; k++)
                param |= orch->params[k].var == last;
            if (!param) {
                ptrmap_put(&by_var, last, &s[ns]);
                ptrmap_put(roots, last, &s[ns]);
            }
        }
        ns++;
    }
    ptrmap_free(&D.def);
    ptrmap_free(&D.yielded);
    ptrmap_free(&by_var);
    ptrmap_free(&by_name);
    *slots = s;
    *n = ns;
    return bad ? -1 : 0;
}

/* ---------------------------------------------------------- the emitter */

enum { ON_SCALAR, ON_TENSOR, ON_OTHER };

/* A declared C++ name. */
typedef struct OName {
    const char *name;          /* interned */
    struct OName *shadowed;    /* the declaration it hides, visible again at scope end */
    uint32_t depth;            /* scope depth of the declaration */
    uint32_t version;          /* changed by every assignment */
    uint32_t carried;          /* > 0 while an enclosing loop carries it */
    uint8_t kind;
    uint8_t dtype;             /* scalars */
    const IrType *type;        /* tensors from make_tensor */
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
    const IrProgram *prog;
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
    PtrMap roots;              /* created IrVar -> the CppSlot it is the buffer of */
    PtrMap kernels;            /* callee name -> CppKernel */
    PtrMap calls;              /* tuple IrVar -> the IrCall that defined it */
    PtrMap uses;               /* kernel -> CppParamUse */
    PtrMap named;              /* CppSlot -> non-NULL once its ext_ tensor is named */
    OName **scope;             /* every visible declaration, innermost last */
    uint32_t nscope, capscope;
    Undo *undo;
    uint32_t nundo, capundo;
    CppExpr ex;
    Span stmt_span;
    OVal poison;               /* what a variable is after the statement defining it failed */
} Orch;

static void err(Orch *O, Span sp, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void err(Orch *O, Span sp, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(O->diag, sp, fmt, ap);
    va_end(ap);
}

static Span span_of(const Orch *O, const IrExpr *x)
{
    if (!x || ir_is_var_like(x) || x->span.lo == SPAN_UNKNOWN_OFFSET)
        return O->stmt_span;
    return x->span;
}

static StrBuf *line(Orch *O)
{
    sb_indent(O->out, O->indent);
    return O->out;
}

/* The C++ name of IR variable v. */
static const char *cname(Orch *O, const IrVar *v) { return cpp_ident(O->ir, cpp_strip(O->ir, v->name), reserved); }

/* ------------------------------------------------------------- names */

static OName *visible(Orch *O, const char *name) { return ptrmap_get(&O->names, name); }

static OName *declare(Orch *O, const char *name, int kind, int dtype, const IrType *type)
{
    OName *n = arena_zalloc(&O->arena, sizeof *n);
    n->name = name;
    n->shadowed = visible(O, name);
    n->depth = O->depth;
    n->version = ++O->versions;
    n->kind = (uint8_t)kind;
    n->dtype = (uint8_t)dtype;
    n->type = type;
    if (O->nscope == O->capscope) {
        O->capscope = O->capscope ? O->capscope * 2 : 64;
        O->scope = xrealloc(O->scope, xmul_size(O->capscope, sizeof *O->scope));
    }
    O->scope[O->nscope++] = n;
    ptrmap_put(&O->names, name, n);
    return n;
}

static void scope_open(Orch *O) { O->depth++; }

static void scope_close(Orch *O)
{
    while (O->nscope && O->scope[O->nscope - 1]->depth == O->depth) {
        OName *n = O->scope[--O->nscope];
        ptrmap_put(&O->names, n->name, n->shadowed);
    }
    O->depth--;
}

/* An assignment to n: a new version, which stale uses will notice. */
static int assign(Orch *O, OName *n, Span sp)
{
    if (O->loop_depth && n->depth < O->loop_depth && !n->carried) {
        err(O, sp,
            "'%s' is declared outside this loop, which does not carry it; assigning it here would change it for the "
            "next iteration (orchestration code names every SSA version of a variable alike)",
            n->name);
        return -1;
    }
    if (O->nundo == O->capundo) {
        O->capundo = O->capundo ? O->capundo * 2 : 64;
        O->undo = xrealloc(O->undo, xmul_size(O->capundo, sizeof *O->undo));
    }
    O->undo[O->nundo].name = n;
    O->undo[O->nundo].version = n->version;
    O->nundo++;
    n->version = ++O->versions;
    return 0;
}

static OVal *bind_name(Orch *O, const IrVar *v, OName *n)
{
    OVal *val = arena_zalloc(&O->arena, sizeof *val);
    val->text = n->name;
    val->decl = n;
    val->version = n->version;
    ptrmap_put(&O->vals, v, val);
    return val;
}

/* The C++ text of IR variable v, or NULL after reporting. */
static const OVal *value(Orch *O, const IrVar *v, Span at)
{
    const OVal *val = ptrmap_get(&O->vals, v);
    if (val == &O->poison)
        return NULL;   /* reported where it was defined */
    if (!val) {
        err(O, at, "'%s' has no value here", v->name);
        return NULL;
    }
    if (val->decl && visible(O, val->text) != val->decl) {
        err(O, at, "'%s' is used outside the block where its C++ variable '%s' is declared", v->name, val->text);
        return NULL;
    }
    if (val->decl && val->decl->version != val->version) {
        err(O, at,
            "'%s' is used after its C++ variable '%s' was assigned another value (orchestration code names every "
            "SSA version of a variable alike)",
            v->name, val->text);
        return NULL;
    }
    return val;
}

static const char *var_text(CppExpr *x, const IrVar *v, Span at)
{
    const OVal *val = value(x->data, v, at);
    return val ? val->text : NULL;
}

/* Renders expression e; 0 or -1. */
static int expr(Orch *O, StrBuf *o, const IrExpr *e)
{
    O->ex.at = O->stmt_span;
    return cpp_expr(&O->ex, o, e);
}

/* A dimension or an index: a constant in decimal, otherwise the
 * expression, cast to uint64_t when unsigned is set (cpp.md 6.2 item 6). */
static int dim_text(Orch *O, StrBuf *o, const IrExpr *e, int as_unsigned)
{
    int64_t v;
    int rc;
    if (ir_dim_value(e, &v)) {
        sb_printf(o, "%" PRId64, v);
        return 0;
    }
    if (as_unsigned)
        sb_puts(o, "static_cast<uint64_t>(");
    rc = expr(O, o, e);
    if (as_unsigned)
        sb_putc(o, ')');
    return rc;
}

/* ------------------------------------------------------------ statements */

static void emit_stmt(Orch *O, const IrStmt *s);

/* "<type> name = <text>;", or "name = <text>;" when name is already a
 * variable of that kind, or nothing when it would be "name = name".
 * Binds v to name. */
static void define(Orch *O, const IrVar *v, const char *type, int kind, const char *text, size_t len)
{
    const char *name = cname(O, v);
    OName *n = visible(O, name);
    if (n && n->kind == kind && (kind != ON_SCALAR || n->dtype == v->type->dtype)) {
        if (!(strlen(name) == len && memcmp(name, text, len) == 0)) {
            if (assign(O, n, O->stmt_span) != 0)
                return;
            sb_printf(line(O), "%s = %.*s;\n", name, (int)len, text);
        }
    } else if (n && n->depth == O->depth) {
        err(O, O->stmt_span, "'%s' would be declared twice as '%s', with different types", v->name, name);
        return;
    } else {
        n = declare(O, name, kind, v->type->dtype, NULL);
        sb_printf(line(O), "%s %s = %.*s;\n", type, name, (int)len, text);
    }
    bind_name(O, v, n);
}

static void define_scalar(Orch *O, const IrVar *v, const IrExpr *x)
{
    const char *ct = cpp_ctype((DataType)v->type->dtype);
    StrBuf t;
    if (!ct) {
        err(O, O->stmt_span, "'%s' has data type %s, which has no C++ type", v->name,
            dtype_name((DataType)v->type->dtype));
        return;
    }
    sb_init(&t);
    if (expr(O, &t, x) == 0)
        define(O, v, ct, ON_SCALAR, t.data, t.len);
    sb_free(&t);
}

/* x = pl.tensor.create(shape, dtype=D) (cpp.md 6.2 item 7). */
static void emit_create(Orch *O, const IrVar *v, const IrCall *c)
{
    const CppSlot *slot = ptrmap_get(&O->roots, v);
    const char *name, *dt = cpp_datatype((DataType)v->type->dtype);
    const IrMakeTuple *shape = c->args[0]->kind == EXPR_MAKE_TUPLE ? IR_AS(IrMakeTuple, c->args[0]) : NULL;
    OName *n;
    StrBuf dims, sh;
    int bad = 0;
    if (slot) {
        /* The buffer of a returned tensor: the caller's memory. */
        OVal *val = arena_zalloc(&O->arena, sizeof *val);
        StrBuf t;
        sb_init(&t);
        sb_printf(&t, "ext_%s", cpp_ident(O->ir, slot->name, reserved));
        val->text = intern(O->ir->names, t.data, t.len);
        val->slot = slot;
        sb_free(&t);
        ptrmap_put(&O->vals, v, val);
        return;
    }
    name = cname(O, v);
    if ((n = visible(O, name)) && n->kind == ON_TENSOR && n->type == v->type) {
        bind_name(O, v, n);   /* the reference reuses a tensor already created under this name */
        return;
    }
    if (n && n->depth == O->depth) {
        err(O, c->e.span, "'%s' would be created twice as '%s', with different types", v->name, name);
        return;
    }
    if (!dt || !shape) {
        err(O, c->e.span, dt ? "'%s' needs a literal shape list" : "'%s' has a data type the runtime has no DataType for",
            v->name);
        return;
    }
    sb_init(&dims);
    sb_init(&sh);
    for (uint32_t i = 0; i < shape->n && !bad; i++) {
        if (i)
            sb_puts(&dims, ", ");
        bad = dim_text(O, &dims, shape->elems[i], 1);
    }
    if (shape->n == 0)
        sb_puts(&dims, "1");
    sb_printf(&sh, "%s_shapes", name);
    if (!bad) {
        const char *shn = intern(O->ir->names, sh.data, sh.len);
        uint32_t rank = shape->n ? shape->n : 1;
        declare(O, shn, ON_OTHER, 0, NULL);
        sb_printf(line(O), "uint64_t %s[%u] = {%.*s};\n", shn, rank, (int)dims.len, dims.data);
        sb_printf(line(O), "Tensor %s = make_tensor(%s, %u, DataType::%s);\n", name, shn, rank, dt);
        n = declare(O, name, ON_TENSOR, v->type->dtype, v->type);
        bind_name(O, v, n);
    }
    sb_free(&dims);
    sb_free(&sh);
}

/* The value of tensor argument x; named says that its text is written
 * (an external tensor only read through its pointer is not). */
static const OVal *tensor_value(Orch *O, const IrExpr *x, int named)
{
    const IrType *t = ir_expr_type(O->ir, x);
    const OVal *v;
    if (!ir_is_var_like(x) || !t || t->kind != TYPE_TENSOR) {
        err(O, span_of(O, x), "a tensor variable is expected here");
        return NULL;
    }
    v = value(O, IR_AS(IrVar, x), span_of(O, x));
    if (v && v->slot && named)
        ptrmap_put(&O->named, v->slot, (void *)v->slot);
    return v;
}

/* y = pl.tensor.view(x, [s..], [o..]) */
static void emit_view(Orch *O, const IrVar *v, const IrCall *c)
{
    const OVal *x = tensor_value(O, c->args[0], 1);
    StrBuf t;
    int bad = !x;
    sb_init(&t);
    if (x)
        sb_printf(&t, "%s.view({", x->text);
    for (uint32_t a = 1; a <= 2 && !bad; a++) {
        const IrExpr *l = c->args[a];
        if (l->kind != EXPR_MAKE_TUPLE) {
            err(O, c->e.span, "'pl.tensor.view' needs literal shape and offset lists");
            bad = 1;
            break;
        }
        for (uint32_t i = 0; i < IR_AS(IrMakeTuple, l)->n && !bad; i++) {
            if (i)
                sb_puts(&t, ", ");
            bad = dim_text(O, &t, IR_AS(IrMakeTuple, l)->elems[i], 0);
        }
        sb_puts(&t, a == 1 ? "}, {" : "})");
    }
    if (!bad)
        define(O, v, "Tensor", ON_TENSOR, t.data, t.len);
    sb_free(&t);
}

/* v = pl.tensor.read(t, [i..]) */
static void emit_read(Orch *O, const IrVar *v, const IrCall *c)
{
    const OVal *x = tensor_value(O, c->args[0], 0);
    const IrType *tt = ir_expr_type(O->ir, c->args[0]);
    const char *ct = cpp_ctype((DataType)tt->dtype);
    const IrMakeTuple *idx = c->args[1]->kind == EXPR_MAKE_TUPLE ? IR_AS(IrMakeTuple, c->args[1]) : NULL;
    int64_t konst = 0, mult = 1, dim;
    uint32_t nterms = 0;
    StrBuf terms, ptr, t;
    int bad = 0;
    if (!x)
        return;
    if (!ct || !idx || idx->n != tt->n) {
        err(O, c->e.span, "'pl.tensor.read' needs a literal index list of the tensor's rank and a C++ data type");
        return;
    }
    sb_init(&terms);
    sb_init(&ptr);
    sb_init(&t);
    /* Row-major flat index: index k times the product of the later dims. */
    for (uint32_t k = tt->n; k-- > 0 && !bad;) {
        int64_t iv;
        if (ir_dim_value(idx->elems[k], &iv)) {
            if (__builtin_mul_overflow(iv, mult, &iv) || __builtin_add_overflow(konst, iv, &konst)) {
                err(O, c->e.span, "the element offset of 'pl.tensor.read' does not fit in 64 bits");
                bad = 1;
            }
        } else {
            StrBuf one;
            sb_init(&one);
            bad = expr(O, &one, idx->elems[k]);
            if (mult != 1)
                sb_printf(&one, " * %" PRId64, mult);
            if (nterms++)
                sb_puts(&one, " + ");
            sb_put(&one, terms.data, terms.len);   /* terms were built from the last index back */
            sb_reset(&terms);
            sb_put(&terms, one.data, one.len);
            sb_free(&one);
        }
        if (k > 0 && !ir_dim_value(tt->dims[k], &dim)) {
            err(O, c->e.span, "reading a tensor whose dimensions are only known at run time is not supported");
            bad = 1;
        }
        if (k > 0 && !bad && __builtin_mul_overflow(mult, dim, &mult)) {
            err(O, c->e.span, "the element offset of 'pl.tensor.read' does not fit in 64 bits");
            bad = 1;
        }
    }
    if (x->slot)
        sb_printf(&ptr, "arg_%s_ptr", cpp_ident(O->ir, x->slot->name, reserved));
    else
        sb_printf(&ptr, "%s.data", x->text);
    if (!bad && nterms == 0) {
        sb_printf(&t, "static_cast<%s*>(%.*s)[%" PRId64 "]", ct, (int)ptr.len, ptr.data, konst);
        define(O, v, ct, ON_SCALAR, t.data, t.len);
    } else if (!bad) {
        StrBuf in;
        const char *iname;
        sb_init(&in);
        sb_printf(&in, "idx_%s", cname(O, v));
        iname = intern(O->ir->names, in.data, in.len);
        if (konst)
            sb_printf(&terms, " + %" PRId64, konst);
        if (visible(O, iname) && visible(O, iname)->depth == O->depth) {
            sb_printf(line(O), "%s = %.*s;\n", iname, (int)terms.len, terms.data);
        } else {
            declare(O, iname, ON_OTHER, 0, NULL);
            sb_printf(line(O), "size_t %s = %.*s;\n", iname, (int)terms.len, terms.data);
        }
        sb_printf(&t, "static_cast<%s*>(%.*s)[%s]", ct, (int)ptr.len, ptr.data, iname);
        define(O, v, ct, ON_SCALAR, t.data, t.len);
        sb_free(&in);
    }
    sb_free(&terms);
    sb_free(&ptr);
    sb_free(&t);
}

/* d = pl.tensor.dim(t, k) */
static void emit_dim(Orch *O, const IrVar *v, const IrCall *c)
{
    const IrType *tt = ir_expr_type(O->ir, c->args[0]);
    int64_t axis;
    StrBuf t;
    if (tt->kind != TYPE_TENSOR || !ir_dim_value(c->args[1], &axis) || (axis < 0 ? axis + (int64_t)tt->n : axis) < 0 ||
        (axis < 0 ? axis + (int64_t)tt->n : axis) >= (int64_t)tt->n) {
        err(O, c->e.span, "'pl.tensor.dim' needs a tensor and a constant axis within its rank");
        return;
    }
    if (axis < 0)
        axis += tt->n;
    sb_init(&t);
    if (dim_text(O, &t, tt->dims[axis], 0) == 0)
        define(O, v, "int64_t", ON_SCALAR, t.data, t.len);
    sb_free(&t);
}

/* One task argument (cpp.md 6.2 item 8); 0 or -1. */
static int task_arg(Orch *O, StrBuf *o, const IrFunc *callee, uint32_t i, const IrExpr *x)
{
    const IrParam *p = &callee->params[i];
    const IrType *xt = ir_expr_type(O->ir, x);
    int pdt = p->var->type->dtype;
    if (p->var->type->kind == TYPE_TENSOR) {
        const OVal *v = tensor_value(O, x, 1);
        int dir = cpp_param_use(O->ir, callee, &O->uses)->dir[i];
        if (!v)
            return -1;
        sb_printf(o, "make_%s_param(%s)", dir == CPP_ARG_OUT ? "output" : dir == CPP_ARG_INOUT ? "inout" : "input",
                  v->text);
        return 0;
    }
    if (p->var->type->kind != TYPE_SCALAR || !xt || xt->kind != TYPE_SCALAR) {
        err(O, span_of(O, x), "argument %u of '%s' is neither a tensor nor a scalar for its parameter '%s'", i + 1,
            callee->name, p->var->name);
        return -1;
    }
    /* The kernel reads the raw 64 bits as its parameter's type (cpp.md 3):
     * float parameters take the bits of a float, the others an integer. */
    if (pdt == DT_FP16 || pdt == DT_BF16) {
        err(O, span_of(O, x), "%s scalars cannot be passed to a task: the runtime passes FP32 and integer scalars",
            dtype_name((DataType)pdt));
        return -1;
    }
    if (pdt == DT_FP32) {
        if (x->kind == EXPR_CONST_INT || x->kind == EXPR_CONST_FLOAT) {
            double d = x->kind == EXPR_CONST_INT ? (double)IR_AS(IrConstInt, x)->value : IR_AS(IrConstFloat, x)->value;
            sb_printf(o, "make_scalar_param(float_to_u64(%ff))", d);
            return 0;
        }
        sb_puts(o, xt->dtype == DT_FP32 ? "make_scalar_param(float_to_u64(" : "make_scalar_param(float_to_u64(static_cast<float>(");
        if (expr(O, o, x) != 0)
            return -1;
        sb_puts(o, xt->dtype == DT_FP32 ? "))" : ")))");
        return 0;
    }
    if (dtype_is_float((DataType)xt->dtype)) {
        err(O, span_of(O, x), "argument %u of '%s' is %s, but its parameter '%s' is %s", i + 1, callee->name,
            dtype_name((DataType)xt->dtype), p->var->name, dtype_name((DataType)pdt));
        return -1;
    }
    if (x->kind == EXPR_CONST_INT) {
        sb_printf(o, "make_scalar_param((uint64_t)%" PRId64 ")", IR_AS(IrConstInt, x)->value);
        return 0;
    }
    if (x->kind == EXPR_CONST_BOOL) {
        sb_printf(o, "make_scalar_param((uint64_t)%d)", x->op ? 1 : 0);
        return 0;
    }
    sb_puts(o, "make_scalar_param(");
    if (expr(O, o, x) != 0)
        return -1;
    sb_putc(o, ')');
    return 0;
}

/* A call of a kernel: one task (cpp.md 6.2 item 8).  dest, when given,
 * is the call's result: another name for the output argument. */
static void emit_task(Orch *O, const IrVar *dest, const IrCall *c)
{
    const CppKernel *k = c->callee->kind == CALLEE_GLOBAL ? ptrmap_get(&O->kernels, c->callee->name) : NULL;
    const IrFunc *f = k ? k->f : NULL;
    StrBuf params;
    int bad = 0;
    if (!f) {
        err(O, c->e.span, "'%s' is not a kernel; orchestration code can only submit kernels as tasks",
            c->callee->name);
        return;
    }
    if (f->nparams != c->nargs) {
        err(O, c->e.span, "'%s' takes %u arguments, but %u are given", f->name, f->nparams, c->nargs);
        return;
    }
    sb_init(&params);
    for (uint32_t i = 0; i < c->nargs; i++) {
        sb_indent(&params, O->indent + 4);
        bad |= task_arg(O, &params, f, i, c->args[i]) != 0;
        sb_puts(&params, ",\n");
    }
    if (!bad) {
        sb_putc(O->out, '\n');
        sb_printf(line(O), "// Task %u: %s\n", O->task, f->name);
        if (c->nargs) {
            sb_printf(line(O), "PTOParam params_t%u[] = {\n", O->task);
            sb_put(O->out, params.data, params.len);
            sb_puts(line(O), "};\n");
            sb_printf(line(O), "pto2_rt_submit_task(rt, %" PRId32 ", %s, params_t%u, %u);\n", k->id,
                      k->kind == KERNEL_CUBE ? "PTO2_WORKER_CUBE" : "PTO2_WORKER_VECTOR", O->task, c->nargs);
        } else {
            /* No parameters: a zero-length array is not C++. */
            sb_printf(line(O), "pto2_rt_submit_task(rt, %" PRId32 ", %s, nullptr, 0);\n", k->id,
                      k->kind == KERNEL_CUBE ? "PTO2_WORKER_CUBE" : "PTO2_WORKER_VECTOR");
        }
        O->task++;
        O->rt_used = 1;
    }
    sb_free(&params);
    if (!dest)
        return;
    if (dest->type->kind == TYPE_TUPLE) {
        ptrmap_put(&O->calls, dest, (void *)c);
    } else if (dest->type->kind == TYPE_TENSOR) {
        const IrExpr *a = out_arg(O->ir, O->prog, &O->uses, c, 0);
        const OVal *v = a ? ptrmap_get(&O->vals, a) : NULL;
        if (!v)
            err(O, c->e.span, "'%s' has no Out parameter to hold its result", f->name);
        else
            ptrmap_put(&O->vals, dest, (void *)v);
    } else {
        err(O, c->e.span, "a kernel call's result must be a tensor");
    }
}

static void emit_call(Orch *O, const IrVar *dest, const IrCall *c)
{
    char buf[64];
    const OpDef *op = callee_op(c->callee);
    if (!op) {
        emit_task(O, dest, c);
        return;
    }
    if (dest && is_op(&c->e, "tensor.create"))
        emit_create(O, dest, c);
    else if (dest && is_op(&c->e, "tensor.view"))
        emit_view(O, dest, c);
    else if (dest && is_op(&c->e, "tensor.read"))
        emit_read(O, dest, c);
    else if (dest && is_op(&c->e, "tensor.dim"))
        emit_dim(O, dest, c);
    else if (!dest && op->category == OPC_TENSOR)
        err(O, c->e.span, "the result of '%s' is not used", op_printed_name(op, buf, sizeof buf));
    else
        err(O, c->e.span, "'%s' cannot be emitted in orchestration code (cpp.md 6.2); only kernel calls, "
                          "tensor.create, view, read and dim can",
            op_printed_name(op, buf, sizeof buf));
}

static void emit_assign_value(Orch *O, const IrAssign *a);

static void emit_assign(Orch *O, const IrAssign *a)
{
    emit_assign_value(O, a);
    if (!ptrmap_get(&O->vals, a->var))
        ptrmap_put(&O->vals, a->var, &O->poison);
}

static void emit_assign_value(Orch *O, const IrAssign *a)
{
    const IrVar *v = a->var;
    const IrExpr *x = a->value;
    switch ((IrExprKind)x->kind) {
    case EXPR_CALL:
        emit_call(O, v, IR_AS(IrCall, x));
        return;
    case EXPR_TUPLE_GET: {
        const IrTupleGet *g = IR_AS(IrTupleGet, x);
        const IrCall *c = ir_is_var_like(g->tuple) ? ptrmap_get(&O->calls, g->tuple) : NULL;
        const IrExpr *arg = c ? out_arg(O->ir, O->prog, &O->uses, c, g->index) : NULL;
        const OVal *val = arg ? ptrmap_get(&O->vals, arg) : NULL;
        /* The elements of a kernel call's tuple are its output arguments. */
        if (!c)
            err(O, a->s.span, "only the results of a kernel call can be unpacked in orchestration code, where the "
                              "call is (a tuple carried through a loop or an if has no C++ value)");
        else if (!val)
            err(O, a->s.span, "'%s' has no Out parameter for result %u", c->callee->name, g->index);
        else
            ptrmap_put(&O->vals, v, (void *)val);
        return;
    }
    case EXPR_VAR:
    case EXPR_ITER_ARG:
        if (v->type->kind == TYPE_TENSOR) {
            const OVal *w = tensor_value(O, x, 1);
            if (w)
                define(O, v, "Tensor", ON_TENSOR, w->text, strlen(w->text));
            return;
        }
        /* fall through */
    case EXPR_CONST_INT:
    case EXPR_CONST_FLOAT:
    case EXPR_CONST_BOOL:
    case EXPR_BINARY:
    case EXPR_UNARY:
        if (v->type->kind != TYPE_SCALAR) {
            err(O, a->s.span, "'%s' cannot be emitted in orchestration code", v->name);
            return;
        }
        define_scalar(O, v, x);
        return;
    default:
        err(O, a->s.span, "this value cannot be emitted in orchestration code");
        return;
    }
}

/* The C++ variable of each carried position: return variable k's name,
 * declared before the loop or if when it is not a variable of its kind
 * already. */
static OName *carried_name(Orch *O, const IrVar *r, const char *name)
{
    int kind = r->type->kind == TYPE_TENSOR ? ON_TENSOR : ON_SCALAR;
    OName *n = visible(O, name);
    if (n && n->kind == kind && (kind == ON_TENSOR || n->dtype == r->type->dtype))
        return n;
    return NULL;
}

static const char *type_name(const IrVar *v)
{
    return v->type->kind == TYPE_TENSOR ? "Tensor" : cpp_ctype((DataType)v->type->dtype);
}

/* 0 when v can be carried, 1 when it needs no C++ (a kernel call's tuple
 * is its output arguments, which are carried themselves), -1 after an
 * error. */
static int check_carried(Orch *O, const IrVar *v)
{
    if (v->type->kind == TYPE_TENSOR || (v->type->kind == TYPE_SCALAR && cpp_ctype((DataType)v->type->dtype)))
        return 0;
    if (v->type->kind == TYPE_TUPLE)
        return 1;
    err(O, v->e.span, "'%s' cannot be carried in orchestration code", v->name);
    return -1;
}

/* The yield ending a loop body or a branch: "x = <value>;" per position,
 * left out where it would be "x = x". */
static void emit_yield(Orch *O, const IrValues *y, OName *const *names, uint32_t n)
{
    if (y->n != n) {
        err(O, y->s.span, "this yield has %u values for %u results", y->n, n);
        return;
    }
    for (uint32_t k = 0; k < n; k++) {
        StrBuf t;
        const OVal *v = NULL;
        if (!names[k])
            continue;
        sb_init(&t);
        if (names[k]->kind == ON_TENSOR && (v = tensor_value(O, y->values[k], 1)))
            sb_puts(&t, v->text);
        if ((names[k]->kind == ON_TENSOR ? v != NULL : expr(O, &t, y->values[k]) == 0) &&
            !(t.len == strlen(names[k]->name) && memcmp(t.data, names[k]->name, t.len) == 0) &&
            assign(O, names[k], y->s.span) == 0)
            sb_printf(line(O), "%s = %.*s;\n", names[k]->name, (int)t.len, t.data);
        sb_free(&t);
    }
}

/* A body in "PTO2_SCOPE(rt) { ... }", the yield last. */
static void emit_scoped_body(Orch *O, const IrStmt *body, OName *const *names, uint32_t n)
{
    const IrValues *y = ir_body_yield(body);
    sb_puts(line(O), "PTO2_SCOPE(rt) {\n");
    O->indent += 4;
    scope_open(O);
    if (y) {
        /* Everything but the yield, then the yield. */
        const IrStmt *b = body;
        while (b->kind == STMT_SEQ || b->kind == STMT_OPS) {
            const IrSeq *q = IR_AS(IrSeq, b);
            for (uint32_t i = 0; i + 1 < q->n; i++)
                emit_stmt(O, q->stmts[i]);
            if (!q->n)
                break;
            b = q->stmts[q->n - 1];
        }
        O->stmt_span = y->s.span;
        emit_yield(O, y, names, n);
    } else {
        emit_stmt(O, body);
        if (n)
            err(O, body->span, "this body has no yield for its %u results", n);
    }
    scope_close(O);
    O->indent -= 4;
    sb_puts(line(O), "}\n");
    O->rt_used = 1;
}

/* "<type> name = <init>;" (or an assignment, or nothing) for carried
 * position k before a loop; the name, or NULL after an error. */
static OName *carry_init(Orch *O, const IrVar *a, const IrExpr *init)
{
    const char *name = cname(O, a);
    OName *n = carried_name(O, a, name);
    StrBuf t;
    if (check_carried(O, a) != 0)
        return NULL;
    sb_init(&t);
    if (a->type->kind == TYPE_TENSOR) {
        const OVal *v = tensor_value(O, init, 1);
        if (!v) {
            sb_free(&t);
            return NULL;
        }
        sb_puts(&t, v->text);
    } else if (expr(O, &t, init) != 0) {
        sb_free(&t);
        return NULL;
    }
    if (n) {
        if (!(t.len == strlen(name) && memcmp(t.data, name, t.len) == 0)) {
            if (assign(O, n, O->stmt_span) != 0)
                n = NULL;
            else
                sb_printf(line(O), "%s = %.*s;\n", name, (int)t.len, t.data);
        }
    } else {
        n = declare(O, name, a->type->kind == TYPE_TENSOR ? ON_TENSOR : ON_SCALAR, a->type->dtype, NULL);
        sb_printf(line(O), "%s %s = %.*s;\n", type_name(a), name, (int)t.len, t.data);
    }
    sb_free(&t);
    if (n)
        bind_name(O, a, n);
    return n;
}

static void emit_for(Orch *O, const IrFor *f)
{
    OName **names = arena_zalloc(&O->arena, (f->niter ? f->niter : 1) * sizeof *names);
    const char *iv = cname(O, f->loop_var);
    uint32_t saved_loop = O->loop_depth;
    StrBuf hdr;
    int64_t step;
    int bad = 0;
    for (uint32_t k = 0; k < f->niter; k++)
        bad |= !(names[k] = carry_init(O, &f->iter_args[k]->v, f->iter_args[k]->init)) &&
               f->iter_args[k]->v.type->kind != TYPE_TUPLE;
    if (ir_dim_value(f->step, &step) && step <= 0) {
        err(O, span_of(O, f->step), "the loop step is %" PRId64 "; C++ loops count up, so the step must be positive",
            step);
        bad = 1;
    }
    sb_init(&hdr);
    sb_printf(&hdr, "for (int64_t %s = ", iv);
    bad |= expr(O, &hdr, f->start) != 0;
    sb_printf(&hdr, "; %s < ", iv);
    bad |= expr(O, &hdr, f->stop) != 0;
    sb_printf(&hdr, "; %s += ", iv);
    bad |= expr(O, &hdr, f->step) != 0;
    if (!bad)
        sb_printf(line(O), "%.*s) {\n", (int)hdr.len, hdr.data);
    sb_free(&hdr);
    if (bad)
        return;
    for (uint32_t k = 0; k < f->niter; k++)
        if (names[k])
            names[k]->carried++;
    O->indent += 4;
    scope_open(O);
    bind_name(O, f->loop_var, declare(O, iv, ON_SCALAR, DT_INT64, NULL));
    O->loop_depth = O->depth;
    emit_scoped_body(O, f->body, names, f->niter);
    O->loop_depth = saved_loop;
    scope_close(O);
    O->indent -= 4;
    sb_puts(line(O), "}\n");
    for (uint32_t k = 0; k < f->niter; k++)
        if (names[k]) {
            names[k]->carried--;
            bind_name(O, f->ret[k], names[k]);
        }
}

static void emit_if(Orch *O, const IrIf *f)
{
    OName **names = arena_zalloc(&O->arena, (f->nret ? f->nret : 1) * sizeof *names);
    uint32_t mark = O->nundo, nthen;
    StrBuf cond;
    int bad = 0;
    /* Results: "<ctype> x;" before the if. */
    for (uint32_t k = 0; k < f->nret; k++) {
        const IrVar *r = f->ret[k];
        const char *name = cname(O, r);
        int c = check_carried(O, r);
        if (c != 0) {
            bad |= c < 0;
            continue;
        }
        if (!(names[k] = carried_name(O, r, name))) {
            names[k] = declare(O, name, r->type->kind == TYPE_TENSOR ? ON_TENSOR : ON_SCALAR, r->type->dtype, NULL);
            sb_printf(line(O), "%s %s;\n", type_name(r), name);
        }
    }
    sb_init(&cond);
    bad |= expr(O, &cond, f->cond) != 0;
    if (!bad)
        sb_printf(line(O), "if (%.*s) {\n", (int)cond.len, cond.data);
    sb_free(&cond);
    if (bad)
        return;
    O->indent += 4;
    emit_scoped_body(O, f->then_body, names, f->nret);
    nthen = O->nundo;
    if (f->else_body) {
        /* The else branch sees the values from before the if. */
        for (uint32_t i = nthen; i-- > mark;)
            O->undo[i].name->version = O->undo[i].version;
        O->indent -= 4;
        sb_puts(line(O), "} else {\n");
        O->indent += 4;
        emit_scoped_body(O, f->else_body, names, f->nret);
        /* After the if, what either branch assigned has changed. */
        for (uint32_t i = mark; i < nthen; i++)
            O->undo[i].name->version = ++O->versions;
    } else if (f->nret) {
        err(O, f->s.span, "an if with results needs an else-branch");
    }
    O->indent -= 4;
    sb_puts(line(O), "}\n");
    for (uint32_t k = 0; k < f->nret; k++)
        if (names[k])
            bind_name(O, f->ret[k], names[k]);
}

static void emit_stmt(Orch *O, const IrStmt *s)
{
    if (!s)
        return;
    if (s->kind != STMT_SEQ && s->kind != STMT_OPS)
        O->stmt_span = s->span;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        emit_assign(O, IR_AS(IrAssign, s));
        break;
    case STMT_EVAL: {
        const IrExpr *x = IR_AS(IrEval, s)->expr;
        if (x->kind == EXPR_CALL)
            emit_call(O, NULL, IR_AS(IrCall, x));
        else
            err(O, s->span, "this statement cannot be emitted in orchestration code");
        break;
    }
    case STMT_YIELD:
        err(O, s->span, "a yield must end the body of a loop or an if");
        break;
    case STMT_RETURN:
        if (O->depth > 1)
            err(O, s->span, "a return inside control flow cannot be emitted in orchestration code");
        break;
    case STMT_IF:
        emit_if(O, IR_AS(IrIf, s));
        break;
    case STMT_FOR:
        emit_for(O, IR_AS(IrFor, s));
        break;
    case STMT_WHILE:
        err(O, s->span, "a while loop cannot be emitted in orchestration code (cpp.md 6.2 has for and if)");
        for (uint32_t i = 0; i < IR_AS(IrWhile, s)->niter; i++)
            ptrmap_put(&O->vals, IR_AS(IrWhile, s)->ret[i], &O->poison);
        break;
    case STMT_SCOPE:
        err(O, s->span, "a 'with pl.incore()' scope cannot be emitted in orchestration code; run "
                        "outline_incore_scopes");
        break;
    case STMT_SEQ:
    case STMT_OPS: {
        const IrSeq *q = IR_AS(IrSeq, s);
        for (uint32_t i = 0; i < q->n; i++)
            emit_stmt(O, q->stmts[i]);
        break;
    }
    case STMT_KIND_COUNT:
        ICE("statement of unknown kind");
    }
}

/* ------------------------------------------------------------ the file */

int cpp_orch_slots(IrCtx *ir, const IrProgram *prog, const IrFunc *orch, CppSlot **slots, uint32_t *n,
                   DiagEngine *diag)
{
    PtrMap uses;
    int rc;
    ptrmap_init(&uses);
    rc = find_slots(ir, prog, orch, &uses, slots, n, NULL, diag);
    ptrmap_free(&uses);
    return rc;
}

static void orch_free(Orch *O)
{
    arena_free(&O->arena);
    ptrmap_free(&O->vals);
    ptrmap_free(&O->names);
    ptrmap_free(&O->roots);
    ptrmap_free(&O->kernels);
    ptrmap_free(&O->calls);
    ptrmap_free(&O->uses);
    ptrmap_free(&O->named);
    xfree(O->scope);
    xfree(O->undo);
}

/* The header, the ARG_PTR slots, the helper and the config function
 * (cpp.md 6.1, 6.2 items 1-4), verbatim as the reference writes them. */
static void file_head(Orch *O, const CppSlot *slots, uint32_t ns)
{
    StrBuf *out = O->out;
    sb_printf(out, "// Orchestration Function: %s\n// Generated by PyPTO IR Compiler\n\n", O->f->name);
    sb_puts(out, "#include <stddef.h>\n#include <stdint.h>\n#include <stdio.h>\n\n#include \"pto_orchestration_api.h\"\n\n");
    for (uint32_t i = 0; i < ns; i++) {
        const char *n = cpp_ident(O->ir, slots[i].name, reserved);
        sb_puts(out, "#define ARG_PTR_");
        for (const char *p = n; *p; p++)
            sb_putc(out, *p >= 'a' && *p <= 'z' ? (char)(*p - 'a' + 'A') : *p);
        sb_printf(out, " %u\n", i);
    }
    if (ns)
        sb_putc(out, '\n');
    sb_puts(out, "// Helper to encode float as uint64_t for scalar params\n"
                 "static uint64_t float_to_u64(float f) {\n"
                 "    union {\n"
                 "        float f32;\n"
                 "        uint64_t u64;\n"
                 "    } conv;\n"
                 "    conv.u64 = 0;  // Clear upper bits\n"
                 "    conv.f32 = f;\n"
                 "    return conv.u64;\n"
                 "}\n\n"
                 "extern \"C\" {\n\n"
                 "__attribute__((visibility(\"default\")))\n"
                 "PTO2OrchestrationConfig aicpu_orchestration_config(uint64_t* args, int arg_count) {\n"
                 "    (void)args;\n"
                 "    (void)arg_count;\n"
                 "    return PTO2OrchestrationConfig{\n");
    sb_printf(out, "        .expected_arg_count = %u,\n    };\n}\n\n", ns);
    sb_puts(out, "__attribute__((visibility(\"default\")))\n"
                 "void aicpu_orchestration_entry(PTO2Runtime* rt, uint64_t* args, int arg_count) {\n"
                 "    (void)arg_count;\n");
    if (!ns)
        sb_puts(out, "    (void)args;\n");
}

/* The device pointers and external tensors (cpp.md 6.2 items 5, 6); binds
 * the tensor parameters. */
static int externals(Orch *O, const CppSlot *slots, uint32_t ns)
{
    int bad = 0;
    sb_puts(O->out, "\n    // Extract device pointers\n");
    for (uint32_t i = 0; i < ns; i++) {
        const char *n = cpp_ident(O->ir, slots[i].name, reserved);
        sb_printf(O->out, "    void* arg_%s_ptr = reinterpret_cast<void*>(args[ARG_PTR_", n);
        for (const char *p = n; *p; p++)
            sb_putc(O->out, *p >= 'a' && *p <= 'z' ? (char)(*p - 'a' + 'A') : *p);
        sb_puts(O->out, "]);\n");
    }
    sb_puts(O->out, "\n    // External tensors\n");
    for (uint32_t i = 0; i < ns; i++) {
        const IrType *t = slots[i].type;
        const char *n = cpp_ident(O->ir, slots[i].name, reserved);
        const char *dt = cpp_datatype((DataType)t->dtype);
        StrBuf dims, name;
        sb_init(&dims);
        sb_init(&name);
        for (uint32_t d = 0; d < t->n && !bad; d++) {
            if (d)
                sb_puts(&dims, ", ");
            bad = dim_text(O, &dims, t->dims[d], 1);
        }
        if (t->n == 0)
            sb_puts(&dims, "1");
        if (!dt) {
            err(O, O->f->span, "the argument '%s' has data type %s, which the runtime has no DataType for",
                slots[i].name, dtype_name((DataType)t->dtype));
            bad = 1;
        }
        if (!bad) {
            sb_printf(O->out, "    uint64_t %s_shapes[%u] = {%.*s};\n", n, t->n ? t->n : 1, (int)dims.len, dims.data);
            sb_printf(O->out, "    Tensor ext_%s = make_tensor_external(arg_%s_ptr, %s_shapes, %u, DataType::%s);\n", n,
                      n, n, t->n ? t->n : 1, dt);
        }
        /* The names these lines declare. */
        sb_printf(&name, "ext_%s", n);
        declare(O, intern(O->ir->names, name.data, name.len), ON_OTHER, 0, NULL);
        sb_reset(&name);
        sb_printf(&name, "arg_%s_ptr", n);
        declare(O, intern(O->ir->names, name.data, name.len), ON_OTHER, 0, NULL);
        sb_reset(&name);
        sb_printf(&name, "%s_shapes", n);
        declare(O, intern(O->ir->names, name.data, name.len), ON_OTHER, 0, NULL);
        sb_free(&dims);
        sb_free(&name);
    }
    /* Tensor parameters are their slots' external tensors; others (an
     * error reported with the slots) are named as they are, so that their
     * uses add no errors. */
    for (uint32_t i = 0, k = 0; i < O->f->nparams; i++) {
        const IrVar *p = O->f->params[i].var;
        OVal *val;
        StrBuf t;
        if (p->type->kind != TYPE_TENSOR) {
            val = arena_zalloc(&O->arena, sizeof *val);
            val->text = cname(O, p);
            ptrmap_put(&O->vals, p, val);
            continue;
        }
        val = arena_zalloc(&O->arena, sizeof *val);
        sb_init(&t);
        sb_printf(&t, "ext_%s", cpp_ident(O->ir, slots[k].name, reserved));
        val->text = intern(O->ir->names, t.data, t.len);
        val->slot = &slots[k++];
        sb_free(&t);
        ptrmap_put(&O->vals, p, val);
    }
    sb_putc(O->out, '\n');
    return bad;
}

int codegen_cpp_orchestration(StrBuf *out, IrCtx *ir, const IrProgram *prog, const IrFunc *orch,
                              const CodegenOptions *o, DiagEngine *diag)
{
    Orch O;
    CppSlot *slots;
    CppKernel *ks = xcalloc(prog->n ? prog->n : 1, sizeof *ks);
    uint32_t ns = 0, nk;
    unsigned errors = diag->errors;
    (void)o;
    memset(&O, 0, sizeof O);
    O.ir = ir;
    O.prog = prog;
    O.f = orch;
    O.diag = diag;
    O.out = out;
    arena_init(&O.arena);
    ptrmap_init(&O.vals);
    ptrmap_init(&O.names);
    ptrmap_init(&O.roots);
    ptrmap_init(&O.kernels);
    ptrmap_init(&O.calls);
    ptrmap_init(&O.uses);
    ptrmap_init(&O.named);
    O.ex.ir = ir;
    O.ex.diag = diag;
    O.ex.style = CPP_ORCH;
    O.ex.var = var_text;
    O.ex.data = &O;
    O.stmt_span = orch->span;
    nk = cpp_kernels(prog, orch, ks);
    for (uint32_t i = 0; i < nk; i++)
        ptrmap_put(&O.kernels, ks[i].f->name, &ks[i]);
    /* With bad slots the body is still checked: output is discarded on
     * any error, and every problem is reported at once. */
    find_slots(ir, prog, orch, &O.uses, &slots, &ns, &O.roots, diag);
    file_head(&O, slots, ns);
    O.indent = 4;
    scope_open(&O);
    if (externals(&O, slots, ns) == 0)
        emit_stmt(&O, orch->body);
    /* External tensors nothing names (-Wunused-but-set-variable). */
    for (uint32_t i = 0; i < ns; i++)
        if (!ptrmap_get(&O.named, &slots[i]))
            sb_printf(out, "    (void)ext_%s;\n", cpp_ident(ir, slots[i].name, reserved));
    if (!O.rt_used)
        sb_puts(out, "    (void)rt;\n");
    sb_puts(out, "}\n\n}  // extern \"C\"\n");
    orch_free(&O);
    xfree(ks);
    return diag->errors != errors;
}

int codegen_kernel_config(StrBuf *out, IrCtx *ir, const IrProgram *prog, const IrFunc *orch,
                          const CodegenOptions *o, DiagEngine *diag)
{
    CppKernel *ks = xcalloc(prog->n ? prog->n : 1, sizeof *ks);
    uint32_t nk = cpp_kernels(prog, orch, ks);
    int bad = 0;
    (void)ir, (void)o;
    cpp_orchestration(prog, diag, &bad);
    sb_puts(out, "# Kernel and Orchestration Configuration\n\nfrom pathlib import Path\n\n"
                 "_ROOT_DIR = Path(__file__).parent\n\n"
                 "# Runtime configuration for tensormap_and_ringbuffer\n"
                 "# This runtime requires 4 AICPU threads (3 schedulers + 1 orchestrator on thread 3)\n"
                 "RUNTIME_CONFIG = {\n"
                 "\t\"runtime\": \"tensormap_and_ringbuffer\",\n"
                 "\t\"aicpu_thread_num\": 4,\n"
                 "\t\"block_dim\": 24,\n"
                 "}\n\n");
    if (orch)
        sb_printf(out, "ORCHESTRATION = {\n\t\"source\": str(_ROOT_DIR / \"orchestration\" / \"%s.cpp\"),\n"
                       "\t\"function_name\": \"aicpu_orchestration_entry\"\n}\n\n",
                  orch->name);
    /* The kernels the orchestration submits; without one, every kernel. */
    sb_puts(out, "KERNELS = [\n");
    for (uint32_t i = 0; i < nk; i++)
        if (ks[i].called || !orch)
            sb_printf(out, "\t{\"func_id\": %" PRId32 ", \"source\": str(_ROOT_DIR / \"kernels\" / \"%s\" / \"%s.cpp\"), "
                           "\"core_type\": \"%s\"},\n",
                      ks[i].id, ks[i].kind == KERNEL_CUBE ? "aic" : "aiv", ks[i].f->name,
                      ks[i].kind == KERNEL_CUBE ? "aic" : "aiv");
    sb_puts(out, "]\n");
    xfree(ks);
    return bad;
}
