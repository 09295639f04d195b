/* legalize.c: Legalize (seed 05 section 8, "infer tile info"): decide the
 * layout of every tile the target lays out differently from the default,
 * insert the conversions the target needs, and check what the target
 * rejects, before memory planning, so that the emitters only spell.
 *
 * Layouts.  A Vec tile [M, 1] (M > 1), a column vector, is col_major: a
 * row-major one would have rows of one element, which pto-isa's 32-byte
 * row rule rejects.  Every such variable gets that layout in its type
 * (tile_view=pl.TileView(blayout=pl.TileLayout.col_major)); every other
 * layout is already in the type or is the default.
 *
 * Conversions.  pto-isa and PTOAS take row-major operands only for the
 * elementwise, tile-scalar, unary, compare, cast and fill instructions
 * (the op table's LAYOUT_ND rule), and a row reduction leaves its [M, 1]
 * result col_major.  Such an op on column vectors runs on their row-major
 * [1, M] form instead: the same bytes, so the conversion is a reshape,
 * which costs nothing (the reshape shares its input's storage; with
 * addresses it is a second tile at the same address).  The result is
 * reshaped back to [M, 1] for the ops that want a column vector (a row
 * broadcast, a store); a chain of such ops (muls, adds, rsqrt) stays
 * row-major throughout, and a reshape back that nothing uses is dropped.
 *
 * Powers.  x ** k with a constant whole k is expanded into multiplications
 * (PTO has no power instruction and PTOAS no math dialect).  A
 * matmul_acc with init_cond is the branch it means (pass_expand_init_cond):
 * matmul where the condition holds, matmul_acc elsewhere.
 *
 * Checks.  A tile whose layout breaks the target's static rules (outside
 * Vec, a row-major row, or a col_major column, of other than a multiple of
 * 32 bytes, which a Vec tile is padded to: targets/isa_rules.h; fractal
 * tiles that are not whole boxes) is an error at its definition, and so
 * are the ops that cannot take a padded tile (a conversion between
 * differently padded types, an element access at a flat offset, a gather
 * into one, a compare or a select of several rows), and so is a kernel
 * scalar of a data type the outputs have no scalar type for (FP8,
 * INT4...), where the program brings it in (targets/kernel_scalars.c); a matmul's operands not in Left and Right (after
 * the moves out of Mat), its result or accumulator not in Acc, are an
 * error at the call.  An on-core array (pl.array.create) that is still
 * there is one of integers or BOOL (LowerPlacement drops those of task
 * ids), which the outputs do not emit yet: an error where it is created.
 * A kernel that uses both the cube (M) and the vector (V) pipe, which
 * Verify takes as pypto does, is an error here: the kernel outputs take
 * one or the other. */
#include "config.h"
#include "ir/int_arith.h"
#include "ir/op_registry.h"
#include "ir/printer.h"
#include "ir/visit.h"
#include "passes/4_legalize/legalize.h"
#include "targets/isa_rules.h"
#include "targets/legal_rules.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>


/* ------------------------------------------------------------ shapes */

static const IrStmt *first_rewrites(IrMutator *m, const IrStmt *s)
{
    const IrStmt *x = pass_expand_init_cond(m->ctx, s);
    if (!x)
        x = legal_expand_tile_ops(m->data, s);
    return x ? x : legal_count_up(m, s);
}

/* M when t is a tile [M, 1] with a constant M > 1 (a column vector). */
int64_t legal_column_rows(const IrType *t)
{
    int64_t rows, cols;
    if (t->kind != TYPE_TILE || t->n != 2 || !ir_dim_value(t->dims[1], &cols) || cols != 1 ||
        !ir_dim_value(t->dims[0], &rows) || rows <= 1)
        return 0;
    return rows;
}

/* A Vec column vector without a layout of its own: the type with the
 * col_major layout.  Types with a view (Mat, Left, Right and Acc tiles
 * carry theirs from their deduction) are left as they are. */
static const IrType *with_layout(IrCtx *ir, const IrType *t)
{
    if (!legal_column_rows(t) || t->tile_view)
        return t;
    return ir_type_tile(ir, (DataType)t->dtype, t->n, t->dims, t->memref,
                        ir_tile_view_layout(ir, TL_COL_MAJOR, TL_NONE_BOX, 512));
}

/* ------------------------------------------------------------ names */

void legal_note_alias(Legal *L, const IrAssign *a)
{
    const IrCall *c = a->value->kind == EXPR_CALL ? IR_AS(IrCall, a->value) : NULL;
    const OpDef *op = c ? callee_op(c->callee) : NULL;
    if (op && op_traits(op)->result == RES_ARG0 && c->nargs && a->var->type->kind == TYPE_TILE &&
        ir_is_var_like(c->args[0]) && ir_expr_type(L->ir, c->args[0])->kind == TYPE_TILE)
        ptrmap_put(&L->alias_of, a->var, (void *)c->args[0]);
}

int legal_tile_space(const Legal *L, const IrExpr *x)
{
    const IrExpr *y;
    /* bounded: SSA definitions come before their uses, so a chain ends */
    for (uint32_t depth = 0; depth < 1000 && (y = ptrmap_get(&L->alias_of, x)) != NULL; depth++)
        x = y;
    return ir_tile_space(ir_expr_type(L->ir, x));
}

void legal_note_name(Legal *L, const char *name) { ptrmap_put(&L->names, name, (void *)1); }
void legal_release_name(Legal *L, const char *name) { ptrmap_put(&L->names, name, NULL); }

static int collect_name(IrWalker *w, const IrExpr *e)
{
    if (ir_is_var_like(e))
        legal_note_name(w->data, IR_AS(IrVar, e)->name);
    return 1;
}

/* base + suffix, or base + suffix + "_<n>", not yet a name in the
 * function. */
const char *legal_fresh_name(Legal *L, const char *base, const char *suffix)
{
    char small[128];
    size_t len = strlen(base) + 32;
    char *buf = len <= sizeof small ? small : xmalloc(len);
    const char *r = NULL;
    for (uint64_t n = 0; !r; n++) {
        if (n == 0)
            snprintf(buf, len, "%s%s", base, suffix);
        else
            snprintf(buf, len, "%s%s_%" PRIu64, base, suffix, n);
        r = ir_name(L->ir, buf);
        if (ptrmap_get(&L->names, r))
            r = NULL;
    }
    if (buf != small)
        xfree(buf);
    legal_note_name(L, r);
    return r;
}

/* ------------------------------------------------------------ rewriting */

const IrExpr *legal_reshape(Legal *L, const IrExpr *x, int64_t rows, int64_t cols, Span at)
{
    const IrExpr *dims[2], *args[2];
    OpError err;
    const OpDef *op = op_by_id(OP_BLOCK_RESHAPE);
    const IrType *t;
    dims[0] = ir_dim_const(L->ir, rows);
    dims[1] = ir_dim_const(L->ir, cols);
    args[0] = x;
    args[1] = ir_make_tuple(L->ir, 2, dims, at);
    if (!(t = op_deduce(L->ir, op, args, 2, NULL, 0, &err)))
        ICE("legalize: a reshape did not type-check: %s", err.msg);
    return ir_call(L->ir, &op->callee, 2, args, 0, NULL, t, at);
}

/* The row-major [1, M] form of column vector x, defined before the op
 * that needs it (or the row it was made from). */
static const IrExpr *row_form(Legal *L, const IrExpr *x, StmtList *out, Span at)
{
    const IrExpr *row = ir_is_var_like(x) ? ptrmap_get(&L->row_of, x) : NULL;
    const IrExpr *r;
    IrVar *v;
    if (row)
        return row;
    r = legal_reshape(L, x, 1, legal_column_rows(ir_expr_type(L->ir, x)), at);
    v = ir_var_new(L->ir, legal_fresh_name(L, ir_is_var_like(x) ? IR_AS(IrVar, x)->name : "_col", "_row"), ir_expr_type(L->ir, r), at);
    vec_push(*out, ir_assign(L->ir, v, r, at));
    return &v->e;
}

/* Whether op runs on row-major operands only and this call is on column
 * vectors: its result, or else every tile operand (a broadcast of a
 * column vector against a full tile has no row form: the instructions
 * take equal shapes, and the emitters say so). */
static int needs_rows(Legal *L, const IrAssign *a, const IrCall *c, const OpDef *op)
{
    int cols = 0;
    if (!op || op_traits(op)->layout != LAYOUT_ND)
        return 0;
    if (legal_column_rows(a->var->type))
        return 1;
    for (uint32_t i = 0; i < c->nargs; i++) {
        const IrType *t = ir_expr_type(L->ir, c->args[i]);
        if (legal_column_rows(t))
            cols = 1;
        else if (t->kind == TYPE_TILE)
            return 0;
    }
    return cols;
}

/* y = op(args) with column vectors: the op on their row forms, and y the
 * reshape back of its row-major result.  0 (and nothing added to out)
 * when the op does not type-check on row forms (mixed shapes: left to the
 * emitters, which reject them). */
static int run_on_rows(Legal *L, const IrAssign *a, const IrCall *c, const OpDef *op, StmtList *out)
{
    IrCtx *ir = L->ir;
    Span at = a->s.span;
    const IrExpr **args = xmalloc(xmul_size(c->nargs ? c->nargs : 1, sizeof *args));
    const IrType *t;
    OpError err;
    IrVar *row;
    int64_t m = legal_column_rows(a->var->type);
    uint32_t argi = 0, mark = out->len;
    for (uint32_t p = 0; p < op->nparams; p++) {
        const IrExpr *x;
        if (op->params[p].kw >= 0)
            continue;
        x = c->args[argi];
        if (legal_column_rows(ir_expr_type(ir, x)))
            x = row_form(L, x, out, at);
        args[argi++] = x;
    }
    /* A shape argument (block.full) is the result's: write the row. */
    argi = 0;
    for (uint32_t p = 0; p < op->nparams; p++) {
        if (op->params[p].kw >= 0)
            continue;
        if (op->params[p].role == ARG_SHAPE && m) {
            const IrExpr *dims[2] = {ir_dim_const(ir, 1), ir_dim_const(ir, m)};
            args[argi] = ir_make_tuple(ir, 2, dims, c->args[argi]->span);
        }
        argi++;
    }
    if (!(t = op_deduce(ir, op, args, c->nargs, c->kwargs, c->nkwargs, &err)) || !m) {
        out->len = mark;
        xfree(args);
        return 0;
    }
    row = ir_var_new(ir, legal_fresh_name(L, a->var->name, "_row"), t, a->var->e.span);
    vec_push(*out, ir_assign(ir, row, ir_call(ir, c->callee, c->nargs, args, c->nkwargs, c->kwargs, t, c->e.span), at));
    vec_push(*out, ir_assign(ir, a->var, legal_reshape(L, &row->e, m, 1, at), at));
    ptrmap_put(&L->row_of, a->var, &row->e);
    ptrmap_put(&L->back, a->var, (void *)1);
    xfree(args);
    return 1;
}

/* Definitions take their layout (the mutator's expression hook sees each
 * definition once, and its uses follow). */
static const IrExpr *retype_def(IrMutator *m, const IrExpr *e)
{
    Legal *L = m->data;
    const IrType *t;
    if (e->kind != EXPR_VAR && e->kind != EXPR_ITER_ARG)
        return e;
    t = with_layout(L->ir, IR_AS(IrVar, e)->type);
    if (t == IR_AS(IrVar, e)->type)
        return e;
    if (e->kind == EXPR_ITER_ARG) {
        const IrIterArg *it = IR_AS(IrIterArg, e);
        return &ir_iter_arg_new(L->ir, it->v.name, t, it->init, e->span)->v.e;
    }
    return &ir_var_new(L->ir, IR_AS(IrVar, e)->name, t, e->span)->e;
}

/* Each block's statements, with the ops that need row forms rewritten. */
static const IrStmt *rewrite_block(IrMutator *m, const IrStmt *s)
{
    Legal *L = m->data;
    StmtList out;
    const IrSeq *q;
    int changed = 0;
    if (s->kind != STMT_SEQ && s->kind != STMT_OPS)
        return s;
    q = IR_AS(IrSeq, s);
    vec_init(out);
    for (uint32_t i = 0; i < q->n; i++) {
        const IrStmt *st = q->stmts[i];
        const IrAssign *a = st->kind == STMT_ASSIGN ? IR_AS(IrAssign, st) : NULL;
        const IrCall *c = a && a->value->kind == EXPR_CALL ? IR_AS(IrCall, a->value) : NULL;
        const OpDef *op = c ? callee_op(c->callee) : NULL;
        if (c && needs_rows(L, a, c, op) && run_on_rows(L, a, c, op, &out))
            changed = 1;
        else
            vec_push(out, st);
    }
    if (changed)
        s = ir_seq(L->ir, (IrStmtKind)s->kind, out.len, out.data, s->span);
    vec_free(out);
    return s;
}

/* ------------------------------------------------------- dead reshapes */

static int count_use(IrWalker *w, const IrExpr *e)
{
    Legal *L = w->data;
    if (ir_is_var_like(e) && ptrmap_get(&L->back, e))
        ptrmap_put(&L->uses, e, (void *)((uintptr_t)ptrmap_get(&L->uses, e) + 1));
    return 1;
}

/* Drops the reshapes back that nothing uses. */
static const IrStmt *drop_unused(IrMutator *m, const IrStmt *s)
{
    Legal *L = m->data;
    StmtList out;
    const IrSeq *q;
    if (s->kind != STMT_SEQ && s->kind != STMT_OPS)
        return s;
    q = IR_AS(IrSeq, s);
    vec_init(out);
    for (uint32_t i = 0; i < q->n; i++) {
        const IrStmt *st = q->stmts[i];
        if (st->kind == STMT_ASSIGN && ptrmap_get(&L->back, IR_AS(IrAssign, st)->var) &&
            !ptrmap_get(&L->uses, IR_AS(IrAssign, st)->var))
            continue;
        vec_push(out, st);
    }
    if (out.len != q->n)
        s = ir_seq(L->ir, (IrStmtKind)s->kind, out.len, out.data, s->span);
    vec_free(out);
    return s;
}

/* ---------------------------------------------------------------- checks */

/* Every dimension of t a positive constant. */
static int static_shape(const IrType *t)
{
    int64_t v;
    for (uint32_t i = 0; i < t->n; i++)
        if (!ir_dim_value(t->dims[i], &v) || v <= 0)
            return 0;
    return 1;
}

/* A variable of a run-time valid extent the kernel has no value of: one
 * neither named in the function nor a dimension of a parameter's type
 * (the kernel's dimension arguments).  ValidName.unbound is its error. */
typedef struct ValidNames {
    Legal *L;
    const IrFunc *f;
    const IrVar *unbound;
} ValidNames;

static int param_dim(const IrFunc *f, const IrVar *v)
{
    for (uint32_t i = 0; f && i < f->nparams; i++) {
        const IrType *t = f->params[i].var->type;
        for (uint32_t d = 0; ir_type_is_shaped(t) && d < t->n; d++)
            if (t->dims[d] == &v->e)
                return 1;
    }
    return 0;
}

static int valid_name(IrWalker *w, const IrExpr *e)
{
    ValidNames *N = w->data;
    if (e->kind == EXPR_VAR && !N->unbound && !ptrmap_get(&N->L->names, IR_AS(IrVar, e)->name) &&
        !param_dim(N->f, IR_AS(IrVar, e)))
        N->unbound = IR_AS(IrVar, e);
    return 1;
}

/* pto-isa's static shape and layout rules (targets/isa_rules.c) for one
 * defined tile, in the layout its type gives (row_major, none_box, 512
 * without one). */
static void check_tile(Legal *L, const IrVar *v)
{
    const IrType *t = v->type;
    int64_t rows, cols;
    TileLayout bl = TL_ROW_MAJOR, sl = TL_NONE_BOX;
    uint32_t fractal = 512;
    char msg[512];
    if (t->kind != TYPE_TILE)
        return;
    /* A run-time valid extent is a scalar the printers spell where the
     * tile is made (alloc_tile's valid_row, the Tile's constructor). */
    if (t->tile_view && t->tile_view->nvalid && !ir_tile_const_valid(t)) {
        ValidNames N = {L, L->func, NULL};
        IrWalker w;
        memset(&w, 0, sizeof w);
        w.pre_expr = valid_name;
        w.data = &N;
        for (uint32_t d = 0; d < t->tile_view->nvalid; d++)
            ir_walk_expr(&w, t->tile_view->valid_shape[d]);
        if (N.unbound) {
            diag_error(L->pc->diag, v->e.span, "the valid shape of tile '%s' names '%s', which the kernel has no value of",
                       v->name, N.unbound->name);
            L->failed = 1;
            return;
        }
    }
    if (t->tile_view) {
        bl = (TileLayout)t->tile_view->blayout;
        sl = (TileLayout)t->tile_view->slayout;
        fractal = t->tile_view->fractal;
    }
    if (isa_tile_shape(t, v->name, &rows, &cols, msg, sizeof msg) == 0 &&
        isa_tile_layout(t, v->name, rows, cols, bl, sl, fractal, msg, sizeof msg) == 0)
        return;
    diag_error(L->pc->diag, v->e.span, "%s", msg);
    L->failed = 1;
}

/* What no output has a form of, whatever the layouts: loads and stores
 * of rank 3 or more (the tile transfers are 2-D: TLOAD/TSTORE take a
 * GlobalTensor <1, 1, 1, rows, cols>, pto.tload a 2-D partition); a move
 * that transposes (a TMOV copies; a transposed Right operand comes from a
 * DN load into Mat, which pyptocc does not plan); an op that neither
 * output has a form of (the op table says why); a comparison into
 * anything but a byte mask (tcmp/TCMP write an i8 mask). */
static void check_call(Legal *L, const IrCall *c, const IrVar *result)
{
    const OpDef *op = callee_op(c->callee);
    char name[64], buf[32], msg[512];
    const char *why_pto = NULL, *why_cpp = NULL;
    int form;
    if (!op)
        return;
    form = op_traits(op)->form;
    legal_check_pipe(L, c, op, result);
    if ((op->cls == OPCL_GM_GETVAL || op->cls == OPCL_GM_SETVAL) && c->nargs >= 1) {
        const IrExpr *tx = c->args[0];
        if (legal_element_access(ir_expr_type(L->ir, tx), ir_is_var_like(tx) ? IR_AS(IrVar, tx)->name : "?", msg,
                                 sizeof msg) != 0) {
            diag_error(L->pc->diag, c->e.span, "%s", msg);
            L->failed = 1;
        }
    }
    if (op_is(op, OP_SYSTEM_SYNCALL_SOFT) && c->nargs == 2) {
        int64_t sizes[2];
        const IrExpr *ws = c->args[0];
        if (legal_syncall_workspace(ir_expr_type(L->ir, ws), ir_is_var_like(ws) ? IR_AS(IrVar, ws)->name : "?", sizes,
                                    msg, sizeof msg) != 0) {
            diag_error(L->pc->diag, c->e.span, "%s", msg);
            L->failed = 1;
        }
    }
    if (result && (legal_equal_valid(L->ir, c, result->type, msg, sizeof msg) != 0 ||
                   legal_mask_tmp_valid(L->pc->arch == ARCH_A2A3, c, result->type, msg, sizeof msg) != 0 ||
                   legal_col_sum_tmp(L->ir, c, msg, sizeof msg) != 0)) {
        diag_error(L->pc->diag, c->e.span, "%s", msg);
        L->failed = 1;
    }
    if (!op_spelling(op, OUT_MLIR, buf, sizeof buf, &why_pto) && why_pto &&
        !op_spelling(op, OUT_CPP, buf, sizeof buf, &why_cpp) && why_cpp) {
        diag_error(L->pc->diag, c->e.span, "'%s' has no lowering: %s", op_printed_name(op, name, sizeof name), why_pto);
        L->failed = 1;
        return;
    }
    /* A system op the output being made has no form of (the kernel
     * printers would refuse it), and the targets' rules of the cross-core
     * events, which the PTO printer checks again (isa_xcore_sync). */
    if (op->category == OPC_SYSTEM && (L->pc->isa == ISA_PTO || L->pc->isa == ISA_CPP)) {
        const char *why = NULL;
        SystemLowering sys;
        if (!op_spelling(op, L->pc->isa == ISA_CPP ? OUT_CPP : OUT_MLIR, buf, sizeof buf, &why) && why) {
            diag_error(L->pc->diag, c->e.span, "'%s' has no %s lowering: %s", op_printed_name(op, name, sizeof name),
                       L->pc->isa == ISA_CPP ? "C++" : "PTO", why);
            L->failed = 1;
            return;
        }
        if ((op->id == OP_SYSTEM_SYNC_SET || op->id == OP_SYSTEM_SYNC_WAIT || op->id == OP_SYSTEM_SET_FFTS) &&
            isa_system(c, op, &sys, msg, sizeof msg) == 0) {
            if (sys.xsync != 3 &&
                isa_xcore_sync(L->pc->arch, ir_kernel_kind(L->func), &sys, L->ffts_set, msg, sizeof msg) != 0) {
                diag_error(L->pc->diag, c->e.span, "%s", msg);
                L->failed = 1;
            }
            L->ffts_set |= sys.xsync == 3;
        }
    }
    if ((form == FORM_LOAD || form == FORM_STORE || form == FORM_L0C_STORE || op->cls == OPCL_REMOTE_LOAD) &&
        c->nargs >= 3) {
        if (op->cls == OPCL_REMOTE_LOAD)
            form = FORM_LOAD;   /* a load from a peer's window */
        /* The offsets and sizes against the tensor and the tile
         * (pto-mlir.md 12: the partition shape is the tile's). */
        const IrType *tile = form == FORM_LOAD ? (result ? result->type : NULL) : ir_expr_type(L->ir, c->args[0]);
        const IrType *tensor = form == FORM_LOAD  ? ir_expr_type(L->ir, c->args[0])
                               : c->nargs > 3 ? ir_expr_type(L->ir, c->args[3])
                                              : NULL;
        const IrMakeTuple *offs, *shapes;
        int64_t size[LEGAL_MAX_RANK];
        Span at = c->e.span;
        if (legal_transfer_lists(c, &offs, &shapes, msg, sizeof msg) != 0 ||
            (tile && tile->kind == TYPE_TILE && static_shape(tile) && tensor && tensor->kind == TYPE_TENSOR &&
             (legal_transfer_shape(c, tile, offs, shapes, tensor->n, size, &at, msg, sizeof msg) != 0 ||
              legal_transfer_layout(c, tensor, tile, ir_type_space(tile), msg, sizeof msg) != 0))) {
            diag_error(L->pc->diag, at, "%s", msg);
            L->failed = 1;
        }
    }
    if ((form == FORM_MGATHER || form == FORM_MSCATTER) &&
        legal_memory_indexed(L->ir, c, form == FORM_MGATHER ? (result ? result->type : NULL) : ir_expr_type(L->ir, c->args[0]),
                             msg, sizeof msg) != 0) {
        diag_error(L->pc->diag, c->e.span, "%s", msg);
        L->failed = 1;
    }
    if (form == FORM_GATHER_ROW && result) {
        /* a load into a sub-view of its destination, by the space the
         * destination's chain of in-place writes starts in */
        LegalGatherRow g;
        if (legal_gather_row(c, result->type, legal_tile_space(L, c->args[0]), &g, msg, sizeof msg) != 0) {
            diag_error(L->pc->diag, c->e.span, "%s", msg);
            L->failed = 1;
        }
    }
    if (op_traits(op)->eq_n && result && result->type->kind == TYPE_TILE && static_shape(result->type)) {
        /* The operations do not broadcast or convert (ops.md 5.2); a
         * compare's result is a mask of its own type. */
        const OpTraits *t = op_traits(op);
        int shapes = form == FORM_CMP ? legal_cmp_shapes(L->ir, L->pc->arch, c, result->type, t->eq_first, t->eq_n,
                                                         NULL, msg, sizeof msg)
                                      : legal_equal_shapes(L->ir, c, result->type, t->eq_first, t->eq_n, NULL, msg,
                                                           sizeof msg);
        if (shapes != 0 ||
            (form != FORM_CMP &&
             legal_equal_dtypes(L->ir, c, result->type, t->eq_first, t->eq_n, NULL, msg, sizeof msg) != 0)) {
            diag_error(L->pc->diag, c->e.span, "%s", msg);
            L->failed = 1;
        }
    }
    if ((form == FORM_MATMUL || form == FORM_MATMUL_ACC) && c->nargs >= (uint32_t)(form == FORM_MATMUL_ACC) + 2) {
        /* The spaces the operands live in, and the result in: a matmul's
         * own Acc, or an accumulation's acc (whose storage it writes). */
        uint32_t first = form == FORM_MATMUL_ACC;
        const IrType *lt = ir_expr_type(L->ir, c->args[first]), *rt = ir_expr_type(L->ir, c->args[first + 1]);
        const IrType *dt = first ? ir_expr_type(L->ir, c->args[0]) : c->type;
        int ls = legal_tile_space(L, c->args[first]), rs = legal_tile_space(L, c->args[first + 1]);
        if (isa_matmul(ls, rs, first ? legal_tile_space(L, c->args[0]) : ir_tile_space(dt), lt, rt,
                         op_printed_name(op, name, sizeof name), msg, sizeof msg) != 0) {
            diag_error(L->pc->diag, c->e.span, "%s", msg);
            if (ls == MS_VEC || rs == MS_VEC)
                diag_note(L->pc->diag, c->e.span,
                          "load the operands into Mat (target_memory=pl.MemorySpace.Mat): they are moved to Left "
                          "and Right");
            L->failed = 1;
        } else if (op->cls == OPCL_MATMUL_BIAS && c->nargs == 3 &&
                   isa_bias_operand(legal_tile_space(L, c->args[2]), op_printed_name(op, name, sizeof name), msg,
                                    sizeof msg) != 0) {
            diag_error(L->pc->diag, c->e.span, "%s", msg);
            L->failed = 1;
        }
    }

    if ((op->id == OP_PLD_SYSTEM_NOTIFY || op->id == OP_PLD_SYSTEM_WAIT) && c->nargs &&
        ir_expr_type(L->ir, c->args[0])->dtype != DT_INT32) {
        /* PTOAS 0.60's verifyCommSignalLike, pto-isa's TNOTIFY and TWAIT */
        diag_error(L->pc->diag, c->e.span,
                   "'%s' on a window of pl.%s cells: PTOAS's pto.comm.%s and pto-isa's %s take INT32 signal cells",
                   op_printed_name(op, name, sizeof name), dtype_name((DataType)ir_expr_type(L->ir, c->args[0])->dtype),
                   op->id == OP_PLD_SYSTEM_NOTIFY ? "tnotify" : "twait", op->isa);
        L->failed = 1;
    }
    if (op->cls == OPCL_REMOTE_STORE) {
        /* the store's lists, which the lowering takes (legal_remote_store_lists) */
        const IrMakeTuple *offs, *shapes;
        if (legal_remote_store_lists(L->ir, c, &offs, &shapes, msg, sizeof msg) != 0) {
            diag_error(L->pc->diag, c->e.span, "%s", msg);
            L->failed = 1;
        }
    }
    if ((form == FORM_ELEM || form == FORM_SCALAR || form == FORM_UNARY || form == FORM_CAST) && result) {
        for (uint32_t i = 0; i < c->nargs; i++)
            if (isa_same_layout(L->pc->arch, op, ir_expr_type(L->ir, c->args[i]), result->type, msg, sizeof msg) !=
                0) {
                diag_error(L->pc->diag, c->e.span, "%s", msg);
                L->failed = 1;
                break;
            }
    }
    if (((op->cls == OPCL_SEL && result) || ((form == FORM_CMP) && c->nargs)) &&
        isa_mask_rows(L->pc->arch, op, op->cls == OPCL_SEL ? result->type : ir_expr_type(L->ir, c->args[0]), msg,
                      sizeof msg) != 0) {
        diag_error(L->pc->diag, c->e.span, "%s", msg);
        L->failed = 1;
    }
    /* A reshape that would move a padded tile's elements; a row reduction
     * into a column vector held in more rows than its source (the
     * lowering relies on both: codegen/lower_tile.c, lower_op.c). */
    if (result && c->nargs && form == FORM_RESHAPE) {
        char name2[64];
        if (isa_reshape(L->pc->arch, ir_expr_type(L->ir, c->args[0]), result->type,
                        op_printed_name(op, name2, sizeof name2), msg, sizeof msg) != 0) {
            diag_error(L->pc->diag, c->e.span, "%s", msg);
            L->failed = 1;
        }
    }
    if (result && c->nargs &&
        (form == FORM_ROW_REDUCE ||
         (form == FORM_REDUCE && ir_expr_type(L->ir, c->args[0])->n == 2 &&
          (ir_call_kwarg_int(c, "axis", 0) == 1 || ir_call_kwarg_int(c, "axis", 0) == -1))) &&
        isa_row_reduce_rows(L->pc->arch, op, ir_expr_type(L->ir, c->args[0]), result->type, msg, sizeof msg) != 0) {
        diag_error(L->pc->diag, c->e.span, "%s", msg);
        L->failed = 1;
    }
    if ((form == FORM_GATHER || form == FORM_GATHER_MASK) && result &&
        isa_whole_rows(L->pc->arch, op, result->type, msg, sizeof msg) != 0) {
        diag_error(L->pc->diag, c->e.span, "%s", msg);
        L->failed = 1;
    }
    if ((form == FORM_GETVAL || form == FORM_SETVAL) && c->nargs &&
        isa_element_access(L->pc->arch, op, ir_expr_type(L->ir, c->args[0]), msg, sizeof msg) != 0) {
        diag_error(L->pc->diag, c->e.span, "%s", msg);
        L->failed = 1;
    }
    if (op_traits(op)->layout == LAYOUT_ND && result && result->type->kind == TYPE_TILE) {
        /* The row-major instructions (the op table's LAYOUT_ND rule):
         * column vectors run on their row forms (run_on_rows); a col_major
         * tile of more columns (pl.tile.move's blayout=) has none. */
        for (uint32_t i = 0; i <= c->nargs; i++) {
            const IrType *t = i < c->nargs ? ir_expr_type(L->ir, c->args[i]) : result->type;
            if (t->kind == TYPE_TILE && t->tile_view && t->tile_view->blayout == TL_COL_MAJOR &&
                !legal_column_rows(t)) {
                char which[32] = "result";
                if (i < c->nargs)
                    snprintf(which, sizeof which, "operand %u", i + 1);
                diag_error(L->pc->diag, c->e.span,
                           "'%s' takes row-major tiles, but its %s is col_major (move it to a row_major tile first)",
                           op_printed_name(op, name, sizeof name), which);
                L->failed = 1;
                break;
            }
        }
    }
    if (form == FORM_MOVE && ir_call_kwarg_int(c, "transpose", 0)) {
        diag_error(L->pc->diag, c->e.span,
                   "'%s' with transpose=True is not supported: TMOV copies without transposing, and the transposed "
                   "operand would come from a DN load into Mat, which pyptocc does not plan (load the transposed "
                   "data, or use pl.block.transpose in Vec)",
                   op_printed_name(op, name, sizeof name));
        L->failed = 1;
    }
    if (form == FORM_CMP) {
        int64_t mode = ir_call_kwarg_int(c, "cmp_type", 0);
        if (mode < 0 || mode > 5) {
            diag_error(L->pc->diag, c->e.span, "cmp_type %" PRId64 " is not a comparison (0-5: eq, ne, lt, le, gt, ge)",
                       mode);
            L->failed = 1;
        } else if (result && result->type->kind == TYPE_TILE && result->type->dtype != DT_INT8 &&
                   result->type->dtype != DT_UINT8) {
            diag_error(L->pc->diag, c->e.span,
                       "'%s' needs an INT8 or UINT8 result tile, got %s: the compare instruction writes a byte mask "
                       "(compare INT8 or UINT8 tiles, or build the values with pl.block.sel)",
                       op_printed_name(op, name, sizeof name), dtype_name((DataType)result->type->dtype));
            L->failed = 1;
        }
    }
}

static int note_alias_def(IrWalker *w, const IrStmt *s)
{
    if (s->kind == STMT_ASSIGN && IR_AS(IrAssign, s)->var->e.kind == EXPR_VAR)
        legal_note_alias(w->data, IR_AS(IrAssign, s));
    return 1;
}

static int check_def(IrWalker *w, const IrStmt *s)
{
    Legal *L = w->data;
    const IrCall *c = ir_stmt_call(s);
    const IrVar *result = s->kind == STMT_ASSIGN && IR_AS(IrAssign, s)->var->e.kind == EXPR_VAR
                              ? IR_AS(IrAssign, s)->var
                              : NULL;
    if (result) {
        check_tile(L, result);
        legal_note_alias(L, IR_AS(IrAssign, s));
    }
    if (c)
        check_call(L, c, result);
    return 1;
}

/* The first of the n extents dims that the kernel cannot compute from
 * names, or NULL. */
static const IrExpr *uncomputed_dim(const IrExpr *const *dims, uint32_t n, const PtrMap *names)
{
    for (uint32_t d = 0; d < n; d++)
        if (!ir_dim_vars_in(dims[d], names))
            return dims[d];
    return NULL;
}

/* A kernel takes tensors and scalars; its tensors are nd views, or dn
 * ones with pypto's packed strides (cpp.md 4.2, pto-mlir.md 12; a column
 * vector [M, 1] is viewed column-major on its own): an NZ or other
 * fractal tensor has no GlobalTensor or partition view that pyptocc
 * writes.  For C++ every
 * tensor is a GlobalTensor, whose strides are template arguments (cpp.md
 * 4.2): the dimension that gives its row stride is a constant. */
static void check_params(Legal *L, const IrFunc *f)
{
    PtrMap names;
    ptrmap_init(&names);
    ir_func_dim_names(f, &names);
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrVar *v = f->params[i].var;
        const IrType *t = v->type;
        const IrExpr *dimx = NULL;
        char msg[320];
        int dn;
        int64_t stride[LEGAL_MAX_RANK], len;
        const IrExpr *len_x;
        if (legal_kernel_param(v, msg, sizeof msg) != 0) {
            diag_error(L->pc->diag, v->e.span, "%s", msg);
            L->failed = 1;
        } else if (t->kind == TYPE_TENSOR && t->tensor_view && t->tensor_view->layout != TENSOR_ND &&
                   t->tensor_view->layout != TENSOR_DN) {
            diag_error(L->pc->diag, v->e.span,
                       "tensor '%s' has the %s layout; kernels take nd and dn tensors (a fractal layout is a "
                       "tile's, with no strides: no GlobalTensor or tensor view that pyptocc writes)",
                       v->name, tensor_layout_name((TensorLayout)t->tensor_view->layout));
            L->failed = 1;
        } else if (t->kind == TYPE_TENSOR &&
                   (legal_tensor_view(t, v->name, &dn, msg, sizeof msg) != 0 ||
                    (target_static_strides(L->pc->isa) &&
                     legal_strides(t, dn, v->name, stride, &len, &len_x, msg, sizeof msg) != 0))) {
            diag_error(L->pc->diag, v->e.span, "%s", msg);
            L->failed = 1;
        } else if (t->kind == TYPE_TENSOR && t->tensor_view && (dimx = uncomputed_dim(t->tensor_view->valid_shape, t->tensor_view->nvalid, &names))) {
            /* A view's valid extent is computed in the kernel from what its
             * parameters give (the tensors' dimensions, the scalars). */
            StrBuf dim;
            sb_init(&dim);
            ir_print_expr(&dim, L->ir, dimx, "pl", IR_SYNTAX_TODAY);
            diag_error(L->pc->diag, v->e.span,
                       "tensor '%s' is valid in %s, which the kernel cannot compute: it has the names that are "
                       "dimensions or scalar parameters",
                       v->name, sb_cstr(&dim));
            sb_free(&dim);
            L->failed = 1;
        } else if (t->kind == TYPE_TENSOR && (dimx = uncomputed_dim(t->dims, t->n, &names))) {
            /* Both outputs take a symbolic dimension as a parameter of its
             * own (lower_kernel_params), and compute an expression of
             * those. */
            StrBuf dim;
            sb_init(&dim);
            ir_print_expr(&dim, L->ir, dimx, "pl", IR_SYNTAX_TODAY);
            diag_error(L->pc->diag, v->e.span,
                       "tensor '%s' has the dimension %s, which the kernel cannot compute: it has the names "
                       "that are dimensions or scalar parameters, and a name a dimension is linear in (B in "
                       "B * 128)",
                       v->name, sb_cstr(&dim));
            sb_free(&dim);
            L->failed = 1;
        }
    }
    ptrmap_free(&names);
}

/* ------------------------------------------------------------------ ** */

/* PTO has no power instruction, and PTOAS takes no math dialect: x ** k
 * for a constant integer k from 0 to 64 becomes multiplications (by
 * squaring, sharing the halves), in every output alike.  Any other
 * exponent is an error: a variable one would need a loop whose length
 * depends on the data. */
#define POW_MAX_EXPONENT 64

static const IrExpr *power(IrCtx *ir, const IrExpr *x, uint64_t k, DataType dt, Span at)
{
    const IrExpr *h, *r;
    if (k == 1)
        return x;
    h = power(ir, x, k / 2, dt, at);
    r = ir_binary(ir, BIN_MUL, dt, h, h, at);
    return k % 2 ? ir_binary(ir, BIN_MUL, dt, r, x, at) : r;
}

/* The exponent as a whole number, when it is a constant one. */
static int constant_exponent(const IrExpr *e, int64_t *k)
{
    if (ir_int_eval(e, k) == INT_OK)
        return 1;
    if (e->kind == EXPR_CONST_FLOAT) {
        double d = IR_AS(IrConstFloat, e)->value;
        if (d >= 0 && d <= POW_MAX_EXPONENT && d == (double)(int64_t)d) {
            *k = (int64_t)d;
            return 1;
        }
    }
    return 0;
}

static const IrExpr *expand_pow(IrMutator *m, const IrExpr *e)
{
    Legal *L = m->data;
    const IrBinary *b;
    DataType dt = (DataType)e->dtype;
    const IrExpr *x;
    int64_t k;
    if (e->kind != EXPR_BINARY || e->op != BIN_POW)
        return e;
    b = IR_AS(IrBinary, e);
    if (!constant_exponent(b->rhs, &k) || k < 0 || k > POW_MAX_EXPONENT) {
        diag_error(L->pc->diag, e->span,
                   "'**' needs a constant whole exponent from 0 to %d here: PTO has no power instruction, so x ** k "
                   "is expanded into multiplications",
                   POW_MAX_EXPONENT);
        L->failed = 1;
        return e;
    }
    if (k == 0)
        return dtype_is_float(dt) ? ir_const_float(L->ir, 1.0, dt, e->span) : ir_const_int(L->ir, 1, dt, e->span);
    x = b->lhs->dtype == e->dtype ? b->lhs : ir_unary(L->ir, UN_CAST, dt, b->lhs, e->span);
    return power(L->ir, x, (uint64_t)k, dt, e->span);
}

/* ------------------------------------------------------------ property */

typedef struct LegalCheck {
    Legal L;
    int ok, report;
} LegalCheck;

static int legal_stmt(IrWalker *w, const IrStmt *s)
{
    LegalCheck *K = w->data;
    const IrAssign *a = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s) : NULL;
    const IrCall *c = a && a->value->kind == EXPR_CALL ? IR_AS(IrCall, a->value) : NULL;
    const OpDef *op = c ? callee_op(c->callee) : NULL;
    unsigned ok;
    const IrType *want;
    char name[64];
    if (!a)
        return 1;
    if (legal_column_rows(a->var->type) && !a->var->type->tile_view) {
        K->ok = 0;
        if (K->report)
            diag_error(K->L.pc->diag, s->span, "column vector '%s' has no layout after legalize", a->var->name);
    }
    if (!op)
        return 1;
    if (needs_rows(&K->L, a, c, op) && legal_column_rows(a->var->type)) {
        K->ok = 0;
        if (K->report)
            diag_error(K->L.pc->diag, s->span, "'%s' on a column vector after legalize",
                       op_printed_name(op, name, sizeof name));
    }
    if (!legal_tmp_fits(&K->L, c, op, a->var->type, &want)) {
        K->ok = 0;
        if (K->report)
            diag_error(K->L.pc->diag, s->span, "'%s' with a scratch tile its instruction does not take after legalize",
                       op_printed_name(op, name, sizeof name));
    }
    ok = legal_allowed_dtypes(&K->L, op);
    if (ok && !(ok & dtype_set_bit(legal_rule_dtype(&K->L, c, op, a->var->type)))) {
        K->ok = 0;
        if (K->report)
            diag_error(K->L.pc->diag, s->span, "'%s' in an element type its instruction does not take after legalize",
                       op_printed_name(op, name, sizeof name));
    }
    return 1;
}

int check_legal(PassCtx *pc, const IrProgram *prog, int report)
{
    LegalCheck K;
    IrWalker w;
    memset(&K, 0, sizeof K);
    K.L.pc = pc;
    K.L.ir = pc->ir;
    K.ok = 1;
    K.report = report;
    memset(&w, 0, sizeof w);
    w.pre_stmt = legal_stmt;
    w.data = &K;
    for (uint32_t i = 0; i < prog->n; i++)
        if (prog->funcs[i]->body && ir_kernel_kind(prog->funcs[i]) != KERNEL_NONE)
            ir_walk_func(&w, prog->funcs[i]);
    return K.ok;
}

/* ------------------------------------------------------------ functions */

static const IrFunc *legalize_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f)
{
    Legal L;
    IrMutator m;
    IrWalker w;
    const IrStmt *body;
    if (!f->body)
        return f;
    memset(&L, 0, sizeof L);
    L.pc = pc;
    L.ir = pc->ir;
    L.func = f;
    ptrmap_init(&L.names);
    ptrmap_init(&L.row_of);
    ptrmap_init(&L.back);
    ptrmap_init(&L.uses);
    ptrmap_init(&L.alias_of);
    memset(&w, 0, sizeof w);
    w.pre_expr = collect_name;
    w.data = &L;
    ir_walk_func(&w, f);
    for (uint32_t i = 0; i < f->nparams; i++)
        legal_note_name(&L, f->params[i].var->name);
    /* Arrays: a kernel's are PTO local arrays and C stack arrays
     * (lower_isa_array), orchestration code's host values
     * (cpp_orch_task.c). */
    legal_check_pipe_pairs(&L, prog);
    body = f->body;
    if (L.failed)
        goto done;

    /* Every function: x ** k as products, loops that count up, a
     * matmul_acc's init_cond as the branch it means. */
    memset(&m, 0, sizeof m);
    m.ctx = pc->ir;
    m.expr = expand_pow;
    m.stmt = first_rewrites;
    m.data = &L;
    body = ir_mutate_stmt(&m, f->body);
    if (L.failed || ir_kernel_kind(f) == KERNEL_NONE)
        goto done;
    body = legal_gemv_as_matmul(&L, body);
    if (target_report_mixed_kernel(f, pc->diag)) {
        L.failed = 1;   /* the kernel outputs take a cube or a vector kernel */
        goto done;
    }

    /* The views' sources first: the rewrites below take a loop's body
     * before the block around it, where a view it reads (a
     * transpose_view of a Mat tile, hoisted out of the loop) is defined. */
    memset(&w, 0, sizeof w);
    w.pre_stmt = note_alias_def;
    w.data = &L;
    ir_walk_stmt(&w, body);

    memset(&m, 0, sizeof m);
    m.ctx = pc->ir;
    m.stmt = legal_dtypes_block;
    m.data = &L;
    body = ir_mutate_stmt(&m, body);

    memset(&m, 0, sizeof m);
    m.ctx = pc->ir;
    m.expr = retype_def;
    m.stmt = rewrite_block;
    m.data = &L;
    body = ir_mutate_stmt(&m, body);

    if (L.back.count) {
        memset(&w, 0, sizeof w);
        w.pre_expr = count_use;
        w.data = &L;
        ir_walk_stmt(&w, body);
        memset(&m, 0, sizeof m);
        m.ctx = pc->ir;
        m.stmt = drop_unused;
        m.data = &L;
        body = ir_mutate_stmt(&m, body);
    }

    memset(&w, 0, sizeof w);
    L.body = body;
    w.pre_stmt = check_def;
    w.data = &L;
    ir_walk_stmt(&w, body);
    check_params(&L, f);
    L.failed |= legal_kernel_scalars(L.ir, pc->diag, f, body);
    legal_carried_tensors(&L, f, body);

done:
    ptrmap_free(&L.names);
    ptrmap_free(&L.row_of);
    ptrmap_free(&L.back);
    ptrmap_free(&L.uses);
    ptrmap_free(&L.alias_of);
    if (L.failed)
        return NULL;
    if (body == f->body)
        return f;
    return ir_func_rebuild(pc->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
}

static const IrFunc *legalize_one(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data)
{
    (void)data;
    return legalize_function(pc, prog, f);
}

/* Every function's errors, not only the first failing function's. */
const IrProgram *pass_legalize(PassCtx *pc, const IrProgram *prog)
{
    return pass_map_functions_with(pc, prog, legalize_one, NULL, MAP_CONTINUE);
}
