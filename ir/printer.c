/* printer.c: IR -> PyPTO text, exactly as printer.md describes: types
 * and expressions (printer_stmt.c prints statements, functions and
 * programs).
 *
 * Lines are started with pr_line() which writes the newline of the
 * previous line first, so output never ends with a newline and blank lines
 * carry no indentation.  Expression parenthesisation follows the
 * reference's precedence table plus the pyptocc rules that make every
 * output reparse.  Two spellings: today's language (pl.tile.*, pl.Mem,
 * positional type items, today's signatures) and, on request, the March
 * 2026 seed's (pl.block.*, pl.MemorySpace, keyword type items). */
#include "config.h"
#include "ir/printer_internal.h"
#include "ir/op_registry.h"
#include "support/diag.h"
#include "support/xalloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pr_line(Printer *p)
{
    if (p->started)
        sb_putc(p->sb, '\n');
    p->started = 1;
    sb_indent(p->sb, p->indent * 4);
}

void pr_pfx(Printer *p, const char *rest)
{
    sb_puts(p->sb, p->prefix);
    sb_putc(p->sb, '.');
    sb_puts(p->sb, rest);
}

/* A Python string literal of s (double quotes, escapes where needed). */
void pr_string(Printer *p, const char *s)
{
    sb_putc(p->sb, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\\' || c == '"')
            sb_printf(p->sb, "\\%c", c);
        else if (c < 0x20 || c == 0x7f)
            sb_printf(p->sb, "\\x%02x", c);
        else
            sb_putc(p->sb, (char)c);
    }
    sb_putc(p->sb, '"');
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

void pr_dtype(Printer *p, int dt) { pr_pfx(p, dtype_name((DataType)dt)); }

void pr_memspace(Printer *p, MemorySpace ms)
{
    pr_pfx(p, p->syntax == IR_SYNTAX_SEED ? "MemorySpace." : "Mem.");
    sb_puts(p->sb, memspace_name(ms));
}

void pr_expr_list(Printer *p, uint32_t n, const IrExpr *const *v)
{
    sb_putc(p->sb, '[');
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            sb_puts(p->sb, ", ");
        pr_expr(p, v[i]);
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
            pr_expr(p, dims[i]);
    }
    sb_putc(p->sb, ']');
}

static void print_memref_full(Printer *p, const IrMemRef *m)
{
    pr_pfx(p, "MemRef(");
    pr_memspace(p, (MemorySpace)m->space);
    sb_puts(p->sb, ", ");
    pr_expr(p, m->addr);
    sb_printf(p->sb, ", %llu, %u)", (unsigned long long)m->size, m->ref_id);
}

static int view_is_space_only(const IrTileView *tv)
{
    return !tv->nvalid && !tv->nstride && !tv->start_offset && tv->blayout == TL_ROW_MAJOR &&
           tv->slayout == TL_NONE_BOX && tv->fractal == 512 && tv->pad == TP_NULL;
}

static void print_tile_view(Printer *p, const IrTileView *tv)
{
    int first = 1;
#define SEP() (first ? (void)(first = 0) : sb_puts(p->sb, ", "))
    pr_pfx(p, "TileView(");
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
        pr_expr(p, tv->start_offset);
    }
    if (tv->blayout != TL_ROW_MAJOR) {
        SEP();
        sb_puts(p->sb, "blayout=");
        pr_pfx(p, "TileLayout.");
        sb_puts(p->sb, tile_layout_name((TileLayout)tv->blayout));
    }
    if (tv->slayout != TL_NONE_BOX) {
        SEP();
        sb_puts(p->sb, "slayout=");
        pr_pfx(p, "TileLayout.");
        sb_puts(p->sb, tile_layout_name((TileLayout)tv->slayout));
    }
    if (tv->fractal != 512) {
        SEP();
        sb_printf(p->sb, "fractal=%u", tv->fractal);
    }
    if (tv->pad != TP_NULL) {
        SEP();
        sb_puts(p->sb, "pad=");
        pr_pfx(p, "TilePad.");
        sb_puts(p->sb, tile_pad_name((TilePad)tv->pad));
    }
#undef SEP
    sb_putc(p->sb, ')');
}

/* pypto's order (python_printer.cpp PrintTensorView): the valid shape,
 * then stride and layout always, then a pad mode other than null. */
static void print_tensor_view(Printer *p, const IrTensorView *tv)
{
    pr_pfx(p, "TensorView(");
    if (tv->nvalid) {
        sb_puts(p->sb, "valid_shape=");
        print_dims(p, tv->nvalid, tv->valid_shape);
        sb_puts(p->sb, ", ");
    }
    sb_puts(p->sb, "stride=");
    print_dims(p, tv->nstride, tv->stride);
    sb_puts(p->sb, ", layout=");
    pr_pfx(p, "TensorLayout.");
    sb_puts(p->sb, tensor_layout_name((TensorLayout)tv->layout));
    if (tv->pad != TP_NULL) {
        sb_puts(p->sb, ", pad=");
        pr_pfx(p, "PadValue.");
        sb_puts(p->sb, tile_pad_name((TilePad)tv->pad));
    }
    sb_putc(p->sb, ')');
}

void pr_type(Printer *p, const IrType *t)
{
    int seed = p->syntax == IR_SYNTAX_SEED;
    switch ((IrTypeKind)t->kind) {
    case TYPE_SCALAR:
        pr_pfx(p, "Scalar[");
        pr_dtype(p, t->dtype);
        sb_putc(p->sb, ']');
        return;
    case TYPE_TENSOR:
    case TYPE_TILE:
        if (ir_type_is_window(t))
            sb_puts(p->sb, "pld.DistributedTensor[");   /* pypto's python_printer.cpp spelling */
        else
            pr_pfx(p, t->kind == TYPE_TENSOR ? "Tensor[" : "Tile[");
        print_dims(p, t->n, t->dims);
        sb_puts(p->sb, ", ");
        pr_dtype(p, t->dtype);
        /* Today's items are positional (Python has no keywords in a
         * subscript): the MemRef, a tile's memory space, the view; the
         * seed's were keywords (memref=, tile_view=, tensor_view=). */
        if (t->memref) {
            sb_puts(p->sb, seed ? ", memref=" : ", ");
            /* A DDR MemRef has no alloc statement to name (a Tile
             * parameter's), nor has a MemRef the program wrote in a type
             * (today's pl.MemRef("name")): they print in full. */
            if (t->kind == TYPE_TENSOR || t->memref->space == MS_DDR ||
                (p->allocs && !ptrmap_get(p->allocs, t->memref)))
                print_memref_full(p, t->memref);
            else
                sb_puts(p->sb, t->memref->v.name);
            if (!seed && t->kind == TYPE_TILE && t->memref->space != MS_DDR) {
                sb_puts(p->sb, ", ");
                pr_memspace(p, (MemorySpace)t->memref->space);
            }
        }
        if (t->tensor_view) {
            sb_puts(p->sb, seed ? ", tensor_view=" : ", ");
            print_tensor_view(p, t->tensor_view);
        }
        /* A space the layout cannot say (Bias, LeftScale, RightScale)
         * is written where a MemRef's would be; a view holding nothing
         * else is not written. */
        if (!seed && !t->memref && t->tile_view && t->tile_view->space) {
            sb_puts(p->sb, ", ");
            pr_memspace(p, (MemorySpace)t->tile_view->space);
        }
        if (t->tile_view && !view_is_space_only(t->tile_view)) {
            sb_puts(p->sb, seed ? ", tile_view=" : ", ");
            print_tile_view(p, t->tile_view);
        }
        sb_putc(p->sb, ']');
        return;
    case TYPE_TUPLE:
        pr_pfx(p, "Tuple([");
        for (uint32_t i = 0; i < t->n; i++) {
            if (i)
                sb_puts(p->sb, ", ");
            pr_type(p, t->elems[i]);
        }
        sb_puts(p->sb, "])");
        return;
    case TYPE_ARRAY:
        pr_pfx(p, "Array[");
        sb_put_i64(p->sb, ir_array_extent(t));
        sb_puts(p->sb, ", ");
        pr_dtype(p, t->dtype);
        sb_putc(p->sb, ']');
        return;
    case TYPE_PIPE:
        pr_pfx(p, "PipeType.");
        sb_puts(p->sb, pipe_name((PipeKind)t->pipe));
        return;
    case TYPE_MEMREF:
        pr_pfx(p, "MemRefType");
        return;
    case TYPE_PTR:
        pr_pfx(p, "Ptr");
        return;
    case TYPE_COMM_CTX:
        sb_puts(p->sb, "pld.CommCtxType");
        return;
    case TYPE_HANDLE:
        pr_pfx(p, ir_handle_name((IrHandle)t->handle));
        return;
    case TYPE_UNKNOWN:
        pr_pfx(p, "UnknownType");
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
    pr_expr(p, child);
    if (paren)
        sb_putc(p->sb, ')');
}

static void print_op_name(Printer *p, const OpDef *op)
{
    char buf[128];
    const char *name = op_dsl_name(op, p->syntax == IR_SYNTAX_SEED, buf, sizeof buf);
    if (strncmp(name, "pld.", 4) == 0)
        sb_puts(p->sb, name);   /* pypto.language.distributed, imported as pld */
    else
        pr_pfx(p, name);
}

/* Is the store's shape list (its third argument) the tile's valid shape
 * (its shape unless its view narrows it), as the three-argument form
 * reads it back (constants or the dims themselves)? */
static int store_shapes_are_tile(IrCtx *ctx, const IrCall *c)
{
    const IrType *t = ir_expr_type(ctx, c->args[0]);
    const IrExpr *s = c->args[2];
    const IrMakeTuple *l;
    if (t->kind != TYPE_TILE || s->kind != EXPR_MAKE_TUPLE)
        return 0;
    l = IR_AS(IrMakeTuple, s);
    if (l->n != t->n)
        return 0;
    for (uint32_t i = 0; i < l->n; i++) {
        const IrExpr *a = l->elems[i], *b = ir_tile_valid_dims(t)[i];
        if (a != b && !(a->kind == EXPR_CONST_INT && b->kind == EXPR_CONST_INT && a->dtype == b->dtype &&
                        IR_AS(IrConstInt, a)->value == IR_AS(IrConstInt, b)->value))
            return 0;
    }
    return 1;
}

void pr_kwarg(Printer *p, const IrKwarg *kw)
{
    sb_puts(p->sb, kw->key);
    sb_putc(p->sb, '=');
    pr_kwarg_value(p, kw);
}

void pr_kwarg_value(Printer *p, const IrKwarg *kw)
{
    switch ((IrKwKind)kw->kind) {
    case KW_BOOL:
        sb_puts(p->sb, kw->v.i ? "True" : "False");
        break;
    case KW_INT:
        if ((strcmp(kw->key, "set_pipe") == 0 || strcmp(kw->key, "wait_pipe") == 0 || strcmp(kw->key, "pipe") == 0) &&
            kw->v.i >= 0 && kw->v.i < PIPE_COUNT) {
            pr_pfx(p, "PipeType.");
            sb_puts(p->sb, pipe_name((PipeKind)kw->v.i));
        } else if (strcmp(kw->key, "pad_value") == 0 && kw->v.i >= 0 && kw->v.i < TP_COUNT) {
            pr_pfx(p, "PadValue.");
            sb_puts(p->sb, tile_pad_name((TilePad)kw->v.i));
        } else if ((strcmp(kw->key, "blayout") == 0 || strcmp(kw->key, "slayout") == 0) && kw->v.i >= 0 &&
                   kw->v.i < TL_COUNT) {
            pr_pfx(p, "TileLayout.");
            sb_puts(p->sb, tile_layout_name((TileLayout)kw->v.i));
        } else if (strcmp(kw->key, "layout") == 0 && kw->v.i >= 0 && kw->v.i < TENSOR_LAYOUT_COUNT) {
            pr_pfx(p, "TensorLayout.");
            sb_puts(p->sb, tensor_layout_name((TensorLayout)kw->v.i));
        } else {
            sb_put_i64(p->sb, kw->v.i);
        }
        break;
    case KW_DOUBLE:
        print_float(p, kw->v.d);
        break;
    case KW_STRING:
        pr_string(p, kw->v.s);
        break;
    case KW_DTYPE:
        pr_dtype(p, (int)kw->v.i);
        break;
    case KW_MEMSPACE:
        pr_memspace(p, (MemorySpace)kw->v.i);
        break;
    case KW_COMM_ENUM: {
        const char *m = comm_enum_member(COMM_ENUM_GROUP(kw->v.i), COMM_ENUM_VALUE(kw->v.i));
        if (!m)
            ICE("a kwarg holds no member of a comm enumeration (%lld)", (long long)kw->v.i);
        /* pl.AtomicType, as pypto prints an atomic= of any op
         * (python_printer.cpp); the other enumerations are pld's */
        if (COMM_ENUM_GROUP(kw->v.i) == CE_ATOMIC_TYPE)
            pr_pfx(p, "");
        else
            sb_puts(p->sb, "pld.");
        sb_printf(p->sb, "%s.%s", comm_enum_name(COMM_ENUM_GROUP(kw->v.i)), m);
        break;
    }
    case KW_ARG_DIR:
        pr_pfx(p, "adir.");
        sb_puts(p->sb, arg_dir_name((ArgDir)kw->v.i));
        break;
    case KW_LIST: {
        /* keyed entries are a dict: an op call's attrs={...} */
        uint32_t n = ir_kwargs_len(kw->v.l);
        int dict = n && kw->v.l[0].key[0];
        sb_putc(p->sb, dict ? '{' : '[');
        for (uint32_t i = 0; i < n; i++) {
            if (i)
                sb_puts(p->sb, ", ");
            if (dict) {
                pr_string(p, kw->v.l[i].key);
                sb_puts(p->sb, ": ");
            }
            pr_kwarg_value(p, &kw->v.l[i]);
        }
        sb_putc(p->sb, dict ? '}' : ']');
        break;
    }
    case KW_SPLIT:
        pr_pfx(p, "SplitMode.");
        sb_puts(p->sb, split_mode_name((SplitMode)kw->v.i));
        break;
    case KW_PARAM:
        if (!p->func || kw->v.i < 0 || (uint64_t)kw->v.i >= p->func->nparams)
            ICE("a function attribute names parameter %lld of a function without it", (long long)kw->v.i);
        sb_puts(p->sb, p->func->params[kw->v.i].var->name);
        break;
    }
}

/* Did print_call write any of c's IR arguments?  Not where c is a pop
 * whose only argument, its shape, the annotation gives. */
static int printed_args(const Printer *p, const IrCall *c)
{
    const OpDef *op = callee_op(c->callee);
    return c->nargs && !(op && c->nargs == 1 && op_param(op, 0)->from == OP_FROM_ANNOTATION && p->annotated == &c->e);
}

/* A kwarg the printed text leaves to its context: a pop's dtype where the
 * annotation gives its type, a split_aiv region's split on its crossings
 * (the reader takes both back from there). */
static int omitted_kwarg(const Printer *p, const IrCall *c, const IrKwarg *kw)
{
    const OpDef *op = callee_op(c->callee);
    if (!op)
        return 0;
    if (kw->kind == KW_DTYPE && c->nargs && op_param(op, 0)->from == OP_FROM_ANNOTATION)
        return p->annotated == &c->e;
    if (op->block)
        op = op_ref(op->block);   /* tensor.aiv_shard prints as tile.aiv_shard does */
    return p->split_aiv && op->cls == OPCL_XCORE_SHARD && strcmp(kw->key, "split") == 0;
}

static void print_call(Printer *p, const IrCall *c)
{
    const IrCallee *cal = c->callee;
    int is_alloc = 0, kw_args = 0;
    /* The IR arguments in printed order: today's store is (tile, offsets,
     * output[, shapes]), the seed's (tile, offsets, shapes, output). */
    static const uint32_t store_order[4] = {0, 1, 3, 2};
    const uint32_t *order = NULL;
    uint32_t nargs = c->nargs;
    int device = ir_call_device_arg(c);
    switch ((IrCalleeKind)cal->kind) {
    case CALLEE_GLOBAL:
        if (p->in_program)
            sb_puts(p->sb, "self.");
        sb_puts(p->sb, cal->name);
        if (device >= 0)
            nargs = (uint32_t)device;   /* printed last, as device= */
        break;
    case CALLEE_OP:
        print_op_name(p, callee_op(cal));
        is_alloc = op_is(callee_op(cal), OP_BLOCK_ALLOC);
        kw_args = callee_op(cal)->keyword_args;
        if (p->syntax != IR_SYNTAX_SEED && op_is(callee_op(cal), OP_BLOCK_STORE) && nargs == 4) {
            order = store_order;
            if (store_shapes_are_tile(p->ctx, c))
                nargs = 3;
        }
        break;
    case CALLEE_OPAQUE:
        sb_puts(p->sb, cal->name);
        break;
    }
    sb_putc(p->sb, '(');
    for (uint32_t k = 0; k < nargs; k++) {
        uint32_t i = order ? order[k] : k;
        int64_t v;
        const OpParam *prm = cal->kind == CALLEE_OP ? op_param(callee_op(cal), i) : NULL;
        if (prm && prm->from == OP_FROM_ANNOTATION) {
            /* the annotation gives it (and the dtype): else by keyword */
            if (p->annotated == &c->e)
                continue;
            sb_printf(p->sb, "%s%s=", k ? ", " : "", prm->name);
            pr_expr(p, c->args[i]);
            continue;
        }
        if (prm && op_param_from_arg(prm) >= 0) {
            /* An optional argument: left out at its default, a keyword
             * argument otherwise (it may follow one left out). */
            if (!ir_same_dim_list(p->ctx, c->args[i], c->args[prm->from - 1])) {
                sb_printf(p->sb, "%s%s=", k ? ", " : "", prm->name);
                pr_expr(p, c->args[i]);
            }
            continue;
        }
        if (k)
            sb_puts(p->sb, ", ");
        if (kw_args || (prm && prm->keyword))
            sb_printf(p->sb, "%s=", op_param_name(callee_op(cal), i));
        if (i == 0 && is_alloc && ir_dim_value(c->args[0], &v) && v >= 0 && v < MS_COUNT)
            pr_memspace(p, (MemorySpace)v);
        else
            pr_expr(p, c->args[i]);
    }
    if (device >= 0 && cal->kind == CALLEE_GLOBAL) {
        sb_puts(p->sb, nargs ? ", device=" : "device=");
        pr_expr(p, c->args[device]);
    }
    if (cal->kind != CALLEE_GLOBAL) {
        int first = !printed_args(p, c);
        for (uint32_t i = 0; i < c->nkwargs; i++) {
            if (omitted_kwarg(p, c, &c->kwargs[i]))
                continue;
            if (!first)
                sb_puts(p->sb, ", ");
            first = 0;
            pr_kwarg(p, &c->kwargs[i]);
        }
    } else {
        /* The call's attributes, as today's printer writes them. */
        int first = 1;
        for (uint32_t i = 0; i < c->nkwargs; i++) {
            if (device >= 0 && c->kwargs[i].v.i == device && strcmp(c->kwargs[i].key, "device") == 0)
                continue;
            sb_puts(p->sb, first ? (nargs || device >= 0 ? ", attrs={" : "attrs={") : ", ");
            first = 0;
            pr_string(p, c->kwargs[i].key);
            sb_puts(p->sb, ": ");
            pr_kwarg_value(p, &c->kwargs[i]);
        }
        if (!first)
            sb_putc(p->sb, '}');
    }
    sb_putc(p->sb, ')');
}

static void print_unary(Printer *p, const IrUnary *u)
{
    const IrExpr *x = u->operand;
    switch ((IrUnaryOp)u->e.op) {
    case UN_ABS:
        sb_puts(p->sb, "abs(");
        pr_expr(p, x);
        sb_putc(p->sb, ')');
        return;
    case UN_CAST:
        pr_pfx(p, "cast(");
        pr_expr(p, x);
        sb_puts(p->sb, ", ");
        pr_dtype(p, u->e.dtype);
        sb_putc(p->sb, ')');
        return;
    case UN_NOT:
        sb_puts(p->sb, "not ");
        if (precedence(x) < 4) {
            sb_putc(p->sb, '(');
            pr_expr(p, x);
            sb_putc(p->sb, ')');
        } else {
            pr_expr(p, x);
        }
        return;
    case UN_NEG:
    case UN_BIT_NOT:
        sb_putc(p->sb, u->e.op == UN_NEG ? '-' : '~');
        /* -(5) is a Neg node; -5 would reparse as a constant. */
        if (precedence(x) < 12 || (u->e.op == UN_NEG && ir_is_const_number(x) &&
                                   x->dtype == (x->kind == EXPR_CONST_INT ? DT_INT64 : DT_FP32))) {
            sb_putc(p->sb, '(');
            pr_expr(p, x);
            sb_putc(p->sb, ')');
        } else {
            pr_expr(p, x);
        }
        return;
    case UN_COUNT:
        break;
    }
    ICE("unary expression of unknown kind");
}

void pr_expr(Printer *p, const IrExpr *e)
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
            pr_pfx(p, "const(");
            sb_put_i64(p->sb, IR_AS(IrConstInt, e)->value);
            sb_puts(p->sb, ", ");
            pr_dtype(p, e->dtype);
            sb_putc(p->sb, ')');
        }
        return;
    case EXPR_CONST_FLOAT:
        if (e->dtype == DT_FP32) {
            print_float(p, IR_AS(IrConstFloat, e)->value);
        } else {
            pr_pfx(p, "const(");
            print_float(p, IR_AS(IrConstFloat, e)->value);
            sb_puts(p->sb, ", ");
            pr_dtype(p, e->dtype);
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
            pr_expr(p, b->lhs);
            sb_puts(p->sb, ", ");
            pr_expr(p, b->rhs);
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
        pr_expr(p, g->tuple);
        if (paren)
            sb_putc(p->sb, ')');
        sb_printf(p->sb, "[%u]", g->index);
        return;
    }
    case EXPR_MAKE_TUPLE: {
        const IrMakeTuple *t = IR_AS(IrMakeTuple, e);
        pr_expr_list(p, t->n, t->elems);
        return;
    }
    case EXPR_KIND_COUNT:
        break;
    }
    ICE("expression of unknown kind %d", e->kind);
}

/* ------------------------------------------------------- entry points */

void ir_print_expr(StrBuf *sb, IrCtx *ctx, const IrExpr *e, const char *prefix, IrSyntax syntax)
{
    Printer p;
    pr_init(&p, sb, ctx, prefix, syntax);
    pr_expr(&p, e);
}

void ir_print_type(StrBuf *sb, IrCtx *ctx, const IrType *t, const char *prefix, IrSyntax syntax)
{
    Printer p;
    pr_init(&p, sb, ctx, prefix, syntax);
    pr_type(&p, t);
}
