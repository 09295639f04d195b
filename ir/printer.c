/* printer.c: IR -> PyPTO text, exactly as printer.md describes.
 *
 * Lines are started with line() which writes the newline of the previous
 * line first, so output never ends with a newline and blank lines carry no
 * indentation.  Expression parenthesisation follows the reference's
 * precedence table plus the pyptocc rules that make every output reparse. */
#include "config.h"
#include "ir/printer.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "support/diag.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Printer {
    StrBuf *sb;
    IrCtx *ctx;
    const char *prefix;
    int in_program;   /* GlobalVar calls print as self.f(...) */
    int indent;       /* nesting level (4 spaces each) */
    int started;      /* a line has been written */
    /* The yield that the body being printed assigns its construct's return
     * variables from (printed `x = pl.yield_(...)` where it stands). */
    const IrStmt *ret_yield;
    uint32_t ret_n;
    const IrVar *const *ret;
} Printer;

static void print_expr(Printer *p, const IrExpr *e);
static void print_type(Printer *p, const IrType *t);
static void print_stmt(Printer *p, const IrStmt *s, int func_level);

static void line(Printer *p)
{
    if (p->started)
        sb_putc(p->sb, '\n');
    p->started = 1;
    sb_indent(p->sb, p->indent * 4);
}

static void pfx(Printer *p, const char *rest)
{
    sb_puts(p->sb, p->prefix);
    sb_putc(p->sb, '.');
    sb_puts(p->sb, rest);
}

/* ------------------------------------------------------------ floats */

int ir_format_float(double v, char *buf, size_t cap)
{
    if (!isfinite(v))
        return 0;
    if (v == floor(v))
        return snprintf(buf, cap, "%.1f", v) < (int)cap;
    for (int prec = 6; prec <= 17; prec++) {
        if (snprintf(buf, cap, "%.*g", prec, v) >= (int)cap)
            return 0;
        if (strtod(buf, NULL) == v)
            return 1;
    }
    return snprintf(buf, cap, "%.17g", v) < (int)cap;
}

static void print_float(Printer *p, double v)
{
    char buf[512];
    if (!ir_format_float(v, buf, sizeof buf))
        ICE("a non-finite float constant has no text form");
    sb_puts(p->sb, buf);
}

/* -------------------------------------------------------------- types */

static void print_dtype(Printer *p, int dt) { pfx(p, dtype_name((DataType)dt)); }

static void print_expr_list(Printer *p, uint32_t n, const IrExpr *const *v)
{
    sb_putc(p->sb, '[');
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            sb_puts(p->sb, ", ");
        print_expr(p, v[i]);
    }
    sb_putc(p->sb, ']');
}

static void print_dims(Printer *p, uint32_t n, const IrExpr *const *dims)
{
    sb_putc(p->sb, '[');
    for (uint32_t i = 0; i < n; i++) {
        int64_t v;
        if (i)
            sb_puts(p->sb, ", ");
        if (ir_dim_value(dims[i], &v))
            sb_put_i64(p->sb, v);
        else
            print_expr(p, dims[i]);
    }
    sb_putc(p->sb, ']');
}

static void print_memref_full(Printer *p, const IrMemRef *m)
{
    pfx(p, "MemRef(");
    pfx(p, "MemorySpace.");
    sb_puts(p->sb, memspace_name((MemorySpace)m->space));
    sb_puts(p->sb, ", ");
    print_expr(p, m->addr);
    sb_printf(p->sb, ", %llu, %u)", (unsigned long long)m->size, m->ref_id);
}

static void print_tile_view(Printer *p, const IrTileView *tv)
{
    int first = 1;
#define SEP() (first ? (void)(first = 0) : sb_puts(p->sb, ", "))
    pfx(p, "TileView(");
    if (tv->nvalid) {
        SEP();
        sb_puts(p->sb, "valid_shape=");
        print_dims(p, tv->nvalid, tv->valid_shape);
    }
    if (tv->nstride) {
        SEP();
        sb_puts(p->sb, "stride=");
        print_dims(p, tv->nstride, tv->stride);
    }
    if (tv->start_offset) {
        SEP();
        sb_puts(p->sb, "start_offset=");
        print_expr(p, tv->start_offset);
    }
    if (tv->blayout != TL_ROW_MAJOR) {
        SEP();
        sb_puts(p->sb, "blayout=");
        pfx(p, "TileLayout.");
        sb_puts(p->sb, tile_layout_name((TileLayout)tv->blayout));
    }
    if (tv->slayout != TL_NONE_BOX) {
        SEP();
        sb_puts(p->sb, "slayout=");
        pfx(p, "TileLayout.");
        sb_puts(p->sb, tile_layout_name((TileLayout)tv->slayout));
    }
    if (tv->fractal != 512) {
        SEP();
        sb_printf(p->sb, "fractal=%u", tv->fractal);
    }
    if (tv->pad != TP_NULL) {
        SEP();
        sb_puts(p->sb, "pad=");
        pfx(p, "TilePad.");
        sb_puts(p->sb, tile_pad_name((TilePad)tv->pad));
    }
#undef SEP
    sb_putc(p->sb, ')');
}

static void print_type(Printer *p, const IrType *t)
{
    switch ((IrTypeKind)t->kind) {
    case TYPE_SCALAR:
        pfx(p, "Scalar[");
        print_dtype(p, t->dtype);
        sb_putc(p->sb, ']');
        return;
    case TYPE_TENSOR:
    case TYPE_TILE:
        pfx(p, t->kind == TYPE_TENSOR ? "Tensor[" : "Tile[");
        print_dims(p, t->n, t->dims);
        sb_puts(p->sb, ", ");
        print_dtype(p, t->dtype);
        if (t->memref) {
            sb_puts(p->sb, ", memref=");
            /* A DDR MemRef has no alloc statement to name (a Tile
             * parameter's), so it prints in full like a Tensor's. */
            if (t->kind == TYPE_TENSOR || t->memref->space == MS_DDR)
                print_memref_full(p, t->memref);
            else
                sb_puts(p->sb, t->memref->v.name);
        }
        if (t->tensor_view) {
            sb_puts(p->sb, ", tensor_view=");
            pfx(p, "TensorView(stride=");
            print_dims(p, t->tensor_view->nstride, t->tensor_view->stride);
            sb_puts(p->sb, ", layout=");
            pfx(p, "TensorLayout.");
            sb_puts(p->sb, tensor_layout_name((TensorLayout)t->tensor_view->layout));
            sb_putc(p->sb, ')');
        }
        if (t->tile_view) {
            sb_puts(p->sb, ", tile_view=");
            print_tile_view(p, t->tile_view);
        }
        sb_putc(p->sb, ']');
        return;
    case TYPE_TUPLE:
        pfx(p, "Tuple([");
        for (uint32_t i = 0; i < t->n; i++) {
            if (i)
                sb_puts(p->sb, ", ");
            print_type(p, t->elems[i]);
        }
        sb_puts(p->sb, "])");
        return;
    case TYPE_PIPE:
        pfx(p, "PipeType.");
        sb_puts(p->sb, pipe_name((PipeKind)t->pipe));
        return;
    case TYPE_MEMREF:
        pfx(p, "MemRefType");
        return;
    case TYPE_UNKNOWN:
        pfx(p, "UnknownType");
        return;
    }
    ICE("type of unknown kind %d", t->kind);
}

/* -------------------------------------------------------- expressions */

static int precedence(const IrExpr *e)
{
    switch ((IrExprKind)e->kind) {
    case EXPR_BINARY:
        return ir_binary_precedence((IrBinaryOp)e->op);
    case EXPR_UNARY:
        switch ((IrUnaryOp)e->op) {
        case UN_NOT:
            return 4;
        case UN_NEG:
        case UN_BIT_NOT:
            return 12;
        default:
            return 14;
        }
    case EXPR_CALL:
        return 14;
    default:
        return 15;
    }
}

static int is_negative_number(const IrExpr *e)
{
    if (e->kind == EXPR_CONST_INT)
        return IR_AS(IrConstInt, e)->value < 0;
    if (e->kind == EXPR_CONST_FLOAT)
        return signbit(IR_AS(IrConstFloat, e)->value) != 0;
    return 0;
}

static void print_child(Printer *p, const IrExpr *parent, const IrExpr *child, int is_left)
{
    int pp = precedence(parent), cp = precedence(child), paren;
    IrBinaryOp op = (IrBinaryOp)parent->op;
    if (cp < pp)
        paren = 1;
    else if (cp == pp)
        paren = op == BIN_POW ? is_left : !is_left;
    else
        paren = 0;
    /* pyptocc: comparisons never chain; (-2) ** x keeps its sign. */
    if (ir_binary_is_comparison(op) && child->kind == EXPR_BINARY && ir_binary_is_comparison((IrBinaryOp)child->op))
        paren = 1;
    if (op == BIN_POW && is_left && ir_is_const_number(child) && is_negative_number(child) &&
        child->dtype == (child->kind == EXPR_CONST_INT ? DT_INT64 : DT_FP32))
        paren = 1;
    if (paren)
        sb_putc(p->sb, '(');
    print_expr(p, child);
    if (paren)
        sb_putc(p->sb, ')');
}

static void print_op_name(Printer *p, const char *name)
{
    const char *cut = strstr(name, "_scalar");
    sb_puts(p->sb, p->prefix);
    sb_putc(p->sb, '.');
    if (cut)
        sb_put(p->sb, name, (size_t)(cut - name));
    else
        sb_puts(p->sb, name);
}

static void print_kwarg(Printer *p, const IrKwarg *kw)
{
    sb_puts(p->sb, kw->key);
    sb_putc(p->sb, '=');
    switch ((IrKwKind)kw->kind) {
    case KW_BOOL:
        sb_puts(p->sb, kw->v.i ? "True" : "False");
        break;
    case KW_INT:
        if ((strcmp(kw->key, "set_pipe") == 0 || strcmp(kw->key, "wait_pipe") == 0) && kw->v.i >= 0 &&
            kw->v.i < PIPE_COUNT) {
            pfx(p, "PipeType.");
            sb_puts(p->sb, pipe_name((PipeKind)kw->v.i));
        } else {
            sb_put_i64(p->sb, kw->v.i);
        }
        break;
    case KW_DOUBLE:
        print_float(p, kw->v.d);
        break;
    case KW_STRING:
        sb_putc(p->sb, '\'');
        sb_puts(p->sb, kw->v.s);
        sb_putc(p->sb, '\'');
        break;
    case KW_DTYPE:
        print_dtype(p, (int)kw->v.i);
        break;
    case KW_MEMSPACE:
        pfx(p, "MemorySpace.");
        sb_puts(p->sb, memspace_name((MemorySpace)kw->v.i));
        break;
    }
}

static void print_call(Printer *p, const IrCall *c)
{
    const IrCallee *cal = c->callee;
    int is_alloc = 0;
    switch ((IrCalleeKind)cal->kind) {
    case CALLEE_GLOBAL:
        if (p->in_program)
            sb_puts(p->sb, "self.");
        sb_puts(p->sb, cal->name);
        break;
    case CALLEE_OP:
        print_op_name(p, cal->name);
        is_alloc = op_is(callee_op(cal), OP_BLOCK_ALLOC);
        break;
    case CALLEE_OPAQUE:
        sb_puts(p->sb, cal->name);
        break;
    }
    sb_putc(p->sb, '(');
    for (uint32_t i = 0; i < c->nargs; i++) {
        int64_t v;
        if (i)
            sb_puts(p->sb, ", ");
        if (i == 0 && is_alloc && ir_dim_value(c->args[0], &v) && v >= 0 && v < MS_COUNT) {
            pfx(p, "MemorySpace.");
            sb_puts(p->sb, memspace_name((MemorySpace)v));
        } else {
            print_expr(p, c->args[i]);
        }
    }
    if (cal->kind != CALLEE_GLOBAL) {
        for (uint32_t i = 0; i < c->nkwargs; i++) {
            if (i || c->nargs)
                sb_puts(p->sb, ", ");
            print_kwarg(p, &c->kwargs[i]);
        }
    }
    sb_putc(p->sb, ')');
}

static void print_unary(Printer *p, const IrUnary *u)
{
    const IrExpr *x = u->operand;
    switch ((IrUnaryOp)u->e.op) {
    case UN_ABS:
        sb_puts(p->sb, "abs(");
        print_expr(p, x);
        sb_putc(p->sb, ')');
        return;
    case UN_CAST:
        pfx(p, "cast(");
        print_expr(p, x);
        sb_puts(p->sb, ", ");
        print_dtype(p, u->e.dtype);
        sb_putc(p->sb, ')');
        return;
    case UN_NOT:
        sb_puts(p->sb, "not ");
        if (precedence(x) < 4) {
            sb_putc(p->sb, '(');
            print_expr(p, x);
            sb_putc(p->sb, ')');
        } else {
            print_expr(p, x);
        }
        return;
    case UN_NEG:
    case UN_BIT_NOT:
        sb_putc(p->sb, u->e.op == UN_NEG ? '-' : '~');
        /* -(5) is a Neg node; -5 would reparse as a constant. */
        if (precedence(x) < 12 || (u->e.op == UN_NEG && ir_is_const_number(x) &&
                                   x->dtype == (x->kind == EXPR_CONST_INT ? DT_INT64 : DT_FP32))) {
            sb_putc(p->sb, '(');
            print_expr(p, x);
            sb_putc(p->sb, ')');
        } else {
            print_expr(p, x);
        }
        return;
    case UN_COUNT:
        break;
    }
    ICE("unary expression of unknown kind");
}

static void print_expr(Printer *p, const IrExpr *e)
{
    switch ((IrExprKind)e->kind) {
    case EXPR_VAR:
    case EXPR_ITER_ARG:
    case EXPR_MEMREF:
        sb_puts(p->sb, IR_AS(IrVar, e)->name);
        return;
    case EXPR_CONST_INT:
        if (e->dtype == DT_INT64) {
            sb_put_i64(p->sb, IR_AS(IrConstInt, e)->value);
        } else {
            pfx(p, "const(");
            sb_put_i64(p->sb, IR_AS(IrConstInt, e)->value);
            sb_puts(p->sb, ", ");
            print_dtype(p, e->dtype);
            sb_putc(p->sb, ')');
        }
        return;
    case EXPR_CONST_FLOAT:
        if (e->dtype == DT_FP32) {
            print_float(p, IR_AS(IrConstFloat, e)->value);
        } else {
            pfx(p, "const(");
            print_float(p, IR_AS(IrConstFloat, e)->value);
            sb_puts(p->sb, ", ");
            print_dtype(p, e->dtype);
            sb_putc(p->sb, ')');
        }
        return;
    case EXPR_CONST_BOOL:
        sb_puts(p->sb, e->op ? "True" : "False");
        return;
    case EXPR_BINARY: {
        const IrBinary *b = IR_AS(IrBinary, e);
        if (e->op == BIN_MIN || e->op == BIN_MAX) {
            sb_puts(p->sb, e->op == BIN_MIN ? "min(" : "max(");
            print_expr(p, b->lhs);
            sb_puts(p->sb, ", ");
            print_expr(p, b->rhs);
            sb_putc(p->sb, ')');
            return;
        }
        print_child(p, e, b->lhs, 1);
        sb_putc(p->sb, ' ');
        sb_puts(p->sb, ir_binary_symbol((IrBinaryOp)e->op));
        sb_putc(p->sb, ' ');
        print_child(p, e, b->rhs, 0);
        return;
    }
    case EXPR_UNARY:
        print_unary(p, IR_AS(IrUnary, e));
        return;
    case EXPR_CALL:
        print_call(p, IR_AS(IrCall, e));
        return;
    case EXPR_TUPLE_GET: {
        const IrTupleGet *g = IR_AS(IrTupleGet, e);
        int paren = precedence(g->tuple) < 14;
        if (paren)
            sb_putc(p->sb, '(');
        print_expr(p, g->tuple);
        if (paren)
            sb_putc(p->sb, ')');
        sb_printf(p->sb, "[%u]", g->index);
        return;
    }
    case EXPR_MAKE_TUPLE: {
        const IrMakeTuple *t = IR_AS(IrMakeTuple, e);
        print_expr_list(p, t->n, t->elems);
        return;
    }
    case EXPR_KIND_COUNT:
        break;
    }
    ICE("expression of unknown kind %d", e->kind);
}

/* --------------------------------------------------------- statements */

static void print_values(Printer *p, uint32_t n, const IrExpr *const *v)
{
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            sb_puts(p->sb, ", ");
        print_expr(p, v[i]);
    }
}

static void print_yield_call(Printer *p, const IrValues *y)
{
    pfx(p, "yield_(");
    print_values(p, y->n, y->values);
    sb_putc(p->sb, ')');
}

static void print_var_decl(Printer *p, const IrVar *v)
{
    sb_puts(p->sb, v->name);
    sb_puts(p->sb, ": ");
    print_type(p, v->type);
}

/* The yield that a body's return variables are printed as assigned from:
 * its last statement, looking through SeqStmts and through a trailing
 * `with pl.incore():` scope (scopes are transparent for yields). */
static const IrStmt *trailing_yield(const IrStmt *body, uint32_t nret)
{
    const IrStmt *last = body;
    if (!nret)
        return NULL;
    while (last) {
        if ((last->kind == STMT_SEQ || last->kind == STMT_OPS) && IR_AS(IrSeq, last)->n)
            last = IR_AS(IrSeq, last)->stmts[IR_AS(IrSeq, last)->n - 1];
        else if (last->kind == STMT_SCOPE)
            last = IR_AS(IrScope, last)->body;
        else
            break;
    }
    return last && last->kind == STMT_YIELD && IR_AS(IrValues, last)->n ? last : NULL;
}

static void print_block_stmts(Printer *p, const IrStmt *s, int func_level, int *count)
{
    if (s->kind == STMT_SEQ || s->kind == STMT_OPS) {
        const IrSeq *q = IR_AS(IrSeq, s);
        for (uint32_t i = 0; i < q->n; i++)
            print_block_stmts(p, q->stmts[i], func_level, count);
        return;
    }
    print_stmt(p, s, func_level);
    (*count)++;
}

/* The return variables' assignment from a yield: `x: T = ` or `a, b = `. */
static void print_ret_targets(Printer *p)
{
    if (p->ret_n == 1) {
        print_var_decl(p, p->ret[0]);
    } else {
        for (uint32_t i = 0; i < p->ret_n; i++) {
            if (i)
                sb_puts(p->sb, ", ");
            sb_puts(p->sb, p->ret[i]->name);
        }
    }
    sb_puts(p->sb, " = ");
}

/* A nested body, one level deeper ("pass" when it prints nothing).  An
 * SSA while loop's condition is printed as the first line. */
static void print_indented(Printer *p, const IrStmt *body, int func_level, const IrExpr *while_cond)
{
    int count = 0;
    p->indent++;
    if (while_cond) {
        line(p);
        pfx(p, "cond(");
        print_expr(p, while_cond);
        sb_putc(p->sb, ')');
        count++;
    }
    if (body)
        print_block_stmts(p, body, func_level, &count);
    if (!count) {
        line(p);
        sb_puts(p->sb, "pass");
    }
    p->indent--;
}

/* The body of a construct with return variables: they take its trailing
 * yield. */
static void print_body(Printer *p, const IrStmt *body, uint32_t nret, const IrVar *const *ret, int func_level,
                       const IrExpr *while_cond)
{
    const IrStmt *saved_yield = p->ret_yield;
    uint32_t saved_n = p->ret_n;
    const IrVar *const *saved_ret = p->ret;
    p->ret_yield = trailing_yield(body, nret);
    p->ret_n = nret;
    p->ret = ret;
    print_indented(p, body, func_level, while_cond);
    p->ret_yield = saved_yield;
    p->ret_n = saved_n;
    p->ret = saved_ret;
}

static void print_range_head(Printer *p, const char *fn, const IrExpr *start, const IrExpr *stop,
                             const IrExpr *step)
{
    pfx(p, fn);
    sb_putc(p->sb, '(');
    print_expr(p, start);
    sb_puts(p->sb, ", ");
    print_expr(p, stop);
    sb_puts(p->sb, ", ");
    print_expr(p, step);
}

static void print_iter_names(Printer *p, uint32_t n, const IrIterArg *const *it)
{
    sb_putc(p->sb, '(');
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            sb_puts(p->sb, ", ");
        sb_puts(p->sb, it[i]->v.name);
    }
    if (n == 1)
        sb_putc(p->sb, ',');
    sb_putc(p->sb, ')');
}

static void print_init_values(Printer *p, uint32_t n, const IrIterArg *const *it)
{
    sb_puts(p->sb, "init_values=(");
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            sb_puts(p->sb, ", ");
        print_expr(p, it[i]->init);
    }
    if (n == 1)
        sb_putc(p->sb, ',');
    sb_putc(p->sb, ')');
}

static void print_stmt(Printer *p, const IrStmt *s, int func_level)
{
    switch ((IrStmtKind)s->kind) {
    case STMT_SEQ:
    case STMT_OPS: {
        int count = 0;
        print_block_stmts(p, s, func_level, &count);
        return;
    }
    case STMT_ASSIGN: {
        const IrAssign *a = IR_AS(IrAssign, s);
        line(p);
        print_var_decl(p, a->var);
        sb_puts(p->sb, " = ");
        print_expr(p, a->value);
        return;
    }
    case STMT_EVAL:
        line(p);
        print_expr(p, IR_AS(IrEval, s)->expr);
        return;
    case STMT_RETURN:
    case STMT_YIELD: {
        const IrValues *v = IR_AS(IrValues, s);
        line(p);
        if (s->kind == STMT_RETURN || func_level) {
            sb_puts(p->sb, "return");
            if (v->n)
                sb_putc(p->sb, ' ');
            print_values(p, v->n, v->values);
        } else {
            if (s == p->ret_yield)
                print_ret_targets(p);
            print_yield_call(p, v);
        }
        return;
    }
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        line(p);
        sb_puts(p->sb, "if ");
        print_expr(p, f->cond);
        sb_putc(p->sb, ':');
        print_body(p, f->then_body, f->nret, f->ret, 0, NULL);
        if (f->else_body) {
            line(p);
            sb_puts(p->sb, "else:");
            print_body(p, f->else_body, f->nret, f->ret, 0, NULL);
        }
        return;
    }
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        const char *fn = s->sub == FOR_PARALLEL ? "parallel" : "range";
        line(p);
        sb_puts(p->sb, "for ");
        sb_puts(p->sb, f->loop_var->name);
        if (f->niter) {
            sb_puts(p->sb, ", ");
            print_iter_names(p, f->niter, f->iter_args);
        }
        sb_puts(p->sb, " in ");
        print_range_head(p, fn, f->start, f->stop, f->step);
        if (f->niter) {
            sb_puts(p->sb, ", ");
            print_init_values(p, f->niter, f->iter_args);
        }
        sb_puts(p->sb, "):");
        print_body(p, f->body, f->niter, f->ret, 0, NULL);
        return;
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        line(p);
        if (w->niter) {
            sb_puts(p->sb, "for ");
            print_iter_names(p, w->niter, w->iter_args);
            sb_puts(p->sb, " in ");
            pfx(p, "while_(");
            print_init_values(p, w->niter, w->iter_args);
            sb_puts(p->sb, "):");
            print_body(p, w->body, w->niter, w->ret, 0, w->cond);
        } else {
            sb_puts(p->sb, "while ");
            print_expr(p, w->cond);
            sb_putc(p->sb, ':');
            print_body(p, w->body, 0, NULL, 0, NULL);
        }
        return;
    }
    case STMT_SCOPE:
        line(p);
        sb_puts(p->sb, "with ");
        pfx(p, "incore():");
        /* Scopes are transparent: a yield inside still assigns the
         * enclosing construct's return variables. */
        print_indented(p, IR_AS(IrScope, s)->body, func_level, NULL);
        return;
    case STMT_KIND_COUNT:
        break;
    }
    ICE("statement of unknown kind %d", s->kind);
}

/* ---------------------------------------------------------- functions */

static void print_function(Printer *p, const IrFunc *f)
{
    line(p);
    sb_putc(p->sb, '@');
    pfx(p, "function");
    if (f->type != FUNC_OPAQUE) {
        sb_puts(p->sb, "(type=");
        pfx(p, "FunctionType.");
        sb_puts(p->sb, func_type_name((FuncType)f->type));
        sb_putc(p->sb, ')');
    }
    line(p);
    sb_printf(p->sb, "def %s(", f->name);
    if (p->in_program)
        sb_puts(p->sb, f->nparams ? "self, " : "self");
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrParam *prm = &f->params[i];
        if (i)
            sb_puts(p->sb, ", ");
        sb_puts(p->sb, prm->var->name);
        sb_puts(p->sb, ": ");
        if (prm->dir == DIR_IN) {
            print_type(p, prm->var->type);
        } else {
            pfx(p, prm->dir == DIR_OUT ? "Out[" : "InOut[");
            print_type(p, prm->var->type);
            sb_putc(p->sb, ']');
        }
    }
    sb_putc(p->sb, ')');
    if (f->nret == 1) {
        sb_puts(p->sb, " -> ");
        print_type(p, f->ret_types[0]);
    } else if (f->nret > 1) {
        sb_puts(p->sb, " -> tuple[");
        for (uint32_t i = 0; i < f->nret; i++) {
            if (i)
                sb_puts(p->sb, ", ");
            print_type(p, f->ret_types[i]);
        }
        sb_putc(p->sb, ']');
    }
    sb_putc(p->sb, ':');
    /* Like every other body: "pass" when nothing in it prints. */
    print_indented(p, f->body, 1, NULL);
}

/* ------------------------------------------------- call-graph order */

static int32_t program_index(const IrProgram *p, const char *name)
{
    uint32_t lo = 0, hi = p->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        int c = strcmp(p->funcs[mid]->name, name);
        if (c == 0)
            return (int32_t)mid;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

typedef struct CallCollector {
    IrWalker w;
    const IrProgram *prog;
    uint8_t *seen;              /* per callee, reset per caller */
    VEC(uint32_t) found;
} CallCollector;

static int collect_call(IrWalker *w, const IrExpr *e)
{
    CallCollector *cc = w->data;
    if (e->kind == EXPR_CALL && IR_AS(IrCall, e)->callee->kind == CALLEE_GLOBAL) {
        int32_t k = program_index(cc->prog, IR_AS(IrCall, e)->callee->name);
        if (k >= 0 && !cc->seen[k]) {
            cc->seen[k] = 1;
            vec_push(cc->found, (uint32_t)k);
        }
    }
    return 1;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* Iterative depth-first post-order over the call graph; callees in name
 * order (the functions are sorted, so index order is name order). */
void ir_program_print_order(const IrProgram *p, const IrFunc **out)
{
    uint32_t n = p->n, nout = 0;
    uint32_t *first = xcalloc((size_t)n + 1, sizeof *first);
    uint8_t *color = xcalloc(n ? n : 1, 1);
    uint32_t *stack = xmalloc(xmul_size(n ? n : 1, 2 * sizeof *stack));
    CallCollector cc;
    VEC(uint32_t) edges;
    int cycle = 0;

    vec_init(edges);
    memset(&cc, 0, sizeof cc);
    cc.w.pre_expr = collect_call;
    cc.w.data = &cc;
    cc.prog = p;
    cc.seen = xcalloc(n ? n : 1, 1);
    vec_init(cc.found);
    for (uint32_t i = 0; i < n; i++) {
        cc.found.len = 0;
        ir_walk_func(&cc.w, p->funcs[i]);
        if (cc.found.len > 1)
            qsort(cc.found.data, cc.found.len, sizeof(uint32_t), cmp_u32);
        first[i] = edges.len;
        for (uint32_t k = 0; k < cc.found.len; k++) {
            vec_push(edges, cc.found.data[k]);
            cc.seen[cc.found.data[k]] = 0;
        }
    }
    first[n] = edges.len;

    for (uint32_t root = 0; root < n && !cycle; root++) {
        uint32_t sp = 0;
        if (color[root])
            continue;
        color[root] = 1;
        stack[sp++] = root;
        stack[sp++] = first[root];
        while (sp && !cycle) {
            uint32_t f = stack[sp - 2], *next = &stack[sp - 1];
            if (*next < first[f + 1]) {
                uint32_t g = edges.data[(*next)++];
                if (color[g] == 1 && g != f)
                    cycle = 1;
                else if (color[g] == 0) {
                    color[g] = 1;
                    stack[sp++] = g;
                    stack[sp++] = first[g];
                }
            } else {
                color[f] = 2;
                out[nout++] = p->funcs[f];
                sp -= 2;
            }
        }
    }
    if (cycle)
        for (uint32_t i = 0; i < n; i++)
            out[i] = p->funcs[i];
    vec_free(edges);
    vec_free(cc.found);
    xfree(cc.seen);
    xfree(first);
    xfree(color);
    xfree(stack);
}

/* ------------------------------------------------------- entry points */

static void printer_init(Printer *p, StrBuf *sb, IrCtx *ctx, const char *prefix)
{
    p->sb = sb;
    p->ctx = ctx;
    p->prefix = prefix ? prefix : "pl";
    p->in_program = 0;
    p->indent = 0;
    p->started = 0;
}

void ir_print_program(StrBuf *sb, IrCtx *ctx, const IrProgram *prog, const char *prefix)
{
    Printer p;
    const char *name = prog->name && prog->name[0] ? prog->name : "Program";
    const IrFunc **order = xmalloc(xmul_size(prog->n ? prog->n : 1, sizeof *order));
    printer_init(&p, sb, ctx, prefix);
    line(&p);
    sb_printf(sb, "# pypto.program: %s", name);
    line(&p);
    if (strcmp(p.prefix, "pl") == 0)
        sb_puts(sb, "import pypto.language as pl");
    else
        sb_printf(sb, "from pypto import language as %s", p.prefix);
    line(&p);
    line(&p);
    sb_putc(sb, '@');
    pfx(&p, "program");
    line(&p);
    sb_printf(sb, "class %s:", name);
    ir_program_print_order(prog, order);
    p.in_program = 1;
    p.indent = 1;
    for (uint32_t i = 0; i < prog->n; i++)
        print_function(&p, order[i]);
    if (!prog->n) {   /* an empty class body is written as Python writes one */
        line(&p);
        sb_puts(sb, "pass");
    }
    xfree(order);
}

void ir_print_function(StrBuf *sb, IrCtx *ctx, const IrFunc *f, const char *prefix)
{
    Printer p;
    printer_init(&p, sb, ctx, prefix);
    print_function(&p, f);
}

void ir_print_stmt(StrBuf *sb, IrCtx *ctx, const IrStmt *s, const char *prefix)
{
    Printer p;
    printer_init(&p, sb, ctx, prefix);
    print_stmt(&p, s, 0);
}

void ir_print_expr(StrBuf *sb, IrCtx *ctx, const IrExpr *e, const char *prefix)
{
    Printer p;
    printer_init(&p, sb, ctx, prefix);
    print_expr(&p, e);
}

void ir_print_type(StrBuf *sb, IrCtx *ctx, const IrType *t, const char *prefix)
{
    Printer p;
    printer_init(&p, sb, ctx, prefix);
    print_type(&p, t);
}
