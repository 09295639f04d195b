/* cpp_orch_name.c: the orchestration emitter's names (cpp_orch.c says how
 * the emitter works): errors and output lines, the C++ names it declares
 * with their scopes and versions, what each IR variable stands for, and
 * scalar expressions (cpp.md 6.2 item 9). */
#include "config.h"
#include "codegen/cpp_orch_internal.h"

void orch_err(Orch *O, Span sp, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(O->diag, sp, fmt, ap);
    va_end(ap);
}

Span orch_span_of(const Orch *O, const IrExpr *x)
{
    if (!x || ir_is_var_like(x) || x->span.lo == SPAN_UNKNOWN_OFFSET)
        return O->stmt_span;
    return x->span;
}

StrBuf *orch_line(Orch *O)
{
    if (O->debug)
        cpp_line_directive(O->out, O->diag->src, O->stmt_span, &O->line);
    sb_indent(O->out, O->indent);
    return O->out;
}

/* The C++ name of IR variable v. */

/* ------------------------------------------------------------- names */

OName *orch_declare(Orch *O, const char *name, int kind, int dtype, const IrType *type)
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

void orch_scope_close(Orch *O)
{
    while (O->nscope && O->scope[O->nscope - 1]->depth == O->depth) {
        OName *n = O->scope[--O->nscope];
        ptrmap_put(&O->names, n->name, n->shadowed);
    }
    O->depth--;
}

/* An assignment to n: a new version, which stale uses will notice. */
int orch_assign(Orch *O, OName *n, Span sp)
{
    if (O->loop_depth && n->depth < O->loop_depth && !n->carried) {
        orch_err(O, sp,
                 "'%s' is declared outside this loop, which does not carry it; assigning it here would change it "
                 "for the next iteration (orchestration code names every SSA version of a variable alike)",
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

OVal *orch_bind_name(Orch *O, const IrVar *v, OName *n)
{
    OVal *val = arena_zalloc(&O->arena, sizeof *val);
    val->text = n->name;
    val->decl = n;
    val->version = n->version;
    ptrmap_put(&O->vals, v, val);
    return val;
}

/* The C++ text of IR variable v, or NULL after reporting. */
const OVal *orch_value(Orch *O, const IrVar *v, Span at)
{
    const OVal *val = ptrmap_get(&O->vals, v);
    if (val == &O->poison)
        return NULL;   /* reported where it was defined */
    if (!val && ptrmap_get(&O->kernel_scalars, v)) {
        orch_err(O, at,
                 "'%s' is a scalar a kernel returns, which orchestration code does not receive (a kernel hands its "
                 "results back in tensors; PTO's kernel returns nothing for it)",
                 v->name);
        return NULL;
    }
    if (!val) {
        orch_err(O, at, "'%s' has no value here", v->name);
        return NULL;
    }
    if (val->decl && visible(O, val->text) != val->decl) {
        orch_err(O, at, "'%s' is used outside the block where its C++ variable '%s' is declared", v->name, val->text);
        return NULL;
    }
    if (val->decl && val->decl->version != val->version) {
        orch_err(O, at,
                 "'%s' is used after its C++ variable '%s' was assigned another value (orchestration code names every "
                 "SSA version of a variable alike)",
                 v->name, val->text);
        return NULL;
    }
    return val;
}

const char *orch_var_text(CppExpr *x, const IrVar *v, Span at)
{
    const OVal *val = orch_value(x->data, v, at);
    return val ? val->text : NULL;
}

/* Renders expression e; 0 or -1. */
int orch_expr(Orch *O, StrBuf *o, const IrExpr *e)
{
    O->ex.at = O->stmt_span;
    return cpp_expr(&O->ex, o, e);
}

/* A dimension or an index: a constant in decimal, otherwise the
 * expression, cast to uint64_t when unsigned is set (cpp.md 6.2 item 6);
 * else to int64_t when it is of an unsigned type (Tensor::view's and
 * reshape's lists are of int64_t, which a braced list must not narrow
 * into). */
int orch_dim_text(Orch *O, StrBuf *o, const IrExpr *e, int as_unsigned)
{
    int64_t v;
    int rc;
    const IrType *t;
    const char *cast = NULL;
    if (ir_dim_value(e, &v)) {
        sb_printf(o, "%" PRId64, v);
        return 0;
    }
    if (as_unsigned)
        cast = "uint64_t";
    else if ((t = ir_expr_type(O->ir, e)) && t->kind == TYPE_SCALAR &&
             (dtype_is_unsigned_int((DataType)t->dtype) || t->dtype == DT_BOOL))
        cast = "int64_t";
    if (cast)
        sb_printf(o, "static_cast<%s>(", cast);
    rc = orch_expr(O, o, e);
    if (cast)
        sb_putc(o, ')');
    return rc;
}
