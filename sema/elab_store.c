/* elab_store.c: the spellings of a store (pl.store, pl.tile.store,
 * pl.block.store) that the op's own binding does not read: without
 * shapes, the April-2026 spelling and today's (tile, offsets,
 * output_tensor), whose sizes are the tile's; with four arguments in
 * either era's order; and beside them atomic= and the call's attributes.
 * The op table's store row is the one binding for the rest. */
#include "config.h"
#include "sema/elab_store.h"
#include "ir/op_registry.h"
#include "sema/elab_expr.h"
#include "sema/elab_op.h"
#include "sema/elab_value.h"

#include <string.h>

/* A store's keywords besides its arguments: atomic= and the call's
 * attributes (attrs={...}), into kw[2]; their number, or -1 after an
 * error (reported). */
static int store_kwargs(FnCtx *fc, const OpDef *op, const AstNode *call, IrKwarg kw[2])
{
    char name[64];
    int n = 0;
    for (uint32_t k = 0; k < call->list2.n; k++) {
        const AstNode *a = call->list2.items[k];
        if (strcmp(a->name, "atomic") == 0) {
            if (!elab_kwarg_value(fc, &op->kwargs[0], a->a, op_dsl_name(op, 0, name, sizeof name), &kw[n]))
                return -1;
            n++;
        } else if (strcmp(a->name, "attrs") == 0 && a->a->kind == AST_DICT && a->a->list.n) {
            if (!elab_op_attrs(fc, a->a, &kw[n]))
                return -1;
            n++;
        }
    }
    return n;
}

int elab_has_keyword(const AstNode *call, const char *name)
{
    for (uint32_t k = 0; k < call->list2.n; k++)
        if (strcmp(call->list2.items[k]->name, name) == 0)
            return 1;
    return 0;
}

/* The keywords of a store that are not its arguments' (store_kwargs). */
static uint32_t store_extra_keywords(const AstNode *call)
{
    return (uint32_t)(elab_has_keyword(call, "atomic") + elab_has_keyword(call, "attrs"));
}

/* pl.store(tile, offsets, output_tensor) without shapes: the April-2026
 * spelling (ops.md 4.3) and today's (tile.store(tile, offsets,
 * output_tensor, shapes=None)), positionally or by keyword; the shapes
 * are the tile's valid shape (its shape unless its view narrows it).  NULL with *handled 0 when the call gives shapes (the
 * op's own binding reads it). */
static const IrExpr *store_without_shapes(FnCtx *fc, const OpDef *op, const AstNode *call, int *handled)
{
    Elab *E = fc->E;
    static const char *const names[3] = {"tile", "offsets", "output_tensor"};
    const AstNode *given[3] = {NULL, NULL, NULL};
    const IrExpr *args[4];
    const IrType *tt;
    OpError err;
    const IrType *type;
    uint32_t pos = 0;
    *handled = 0;
    IrKwarg kws[2];
    int na;
    for (uint32_t k = 0; k < call->list2.n; k++) {
        const AstNode *kw = call->list2.items[k];
        int slot = -1;
        if (strcmp(kw->name, "atomic") == 0 || strcmp(kw->name, "attrs") == 0)
            continue;
        for (int i = 0; i < 3; i++)
            if (strcmp(kw->name, names[i]) == 0)
                slot = i;
        if (slot < 0 || given[slot])
            return NULL;   /* shapes=, or another keyword: the op's binding reports it */
        given[slot] = kw->a;
    }
    for (int i = 0; i < 3 && pos < call->list.n; i++)
        if (!given[i])
            given[i] = call->list.items[pos++];
    if (pos < call->list.n || !given[0] || !given[1] || !given[2])
        return NULL;
    *handled = 1;
    for (int i = 0; i < 3; i++)
        if (!(args[i < 2 ? i : 3] = elab_expr(fc, given[i])))
            return NULL;
    if ((na = store_kwargs(fc, op, call, kws)) < 0)
        return NULL;
    tt = ir_expr_type(fc->E->ir, args[0]);
    if (tt->kind != TYPE_TILE) {
        char b[256];
        return elab_error(fc->E, given[0]->span, "the first argument of a store must be a Tile, got %s",
                          elab_type_str(E, tt, b, sizeof b));
    }
    {
        /* A tile of fewer dimensions than the offsets fills the trailing
         * ones, the leading sizes 1 (pypto's tile.store takes a 2-D tile
         * into an N-D tensor: pl.store(row, [0, j, 0], out)). */
        const IrExpr *off = args[1];
        uint32_t m = off->kind == EXPR_MAKE_TUPLE ? IR_AS(IrMakeTuple, off)->n : tt->n, lead = m > tt->n ? m - tt->n : 0;
        const IrExpr **sizes = arena_array(&E->ir->arena, m > tt->n ? m : tt->n, sizeof *sizes);
        const IrExpr *const *valid = ir_tile_valid_dims(tt);
        for (uint32_t i = 0; i < lead; i++)
            sizes[i] = ir_const_int(E->ir, 1, DT_INDEX, call->span);
        for (uint32_t i = 0; i < tt->n; i++)
            sizes[lead + i] = valid[i];
        args[2] = ir_make_tuple(E->ir, lead + tt->n, sizes, call->span);
    }
    if (!(type = op_deduce(E->ir, op, args, 4, na ? kws : NULL, (uint32_t)na, &err)))
        return elab_error(fc->E, err.arg == 1 ? elab_arg_part_span(given[1], err.elem) : call->span, "%s", err.msg);
    return ir_call(E->ir, &op->callee, 4, args, (uint32_t)na, na ? ir_kwargs_intern(E->ir, (uint32_t)na, kws) : NULL, type,
                   call->span);
}

/* pl.tile.store with four arguments: today's (tile, offsets, output,
 * shapes) when the third is a tensor, else the seed's (tile, offsets,
 * shapes, output). */
static const IrExpr *store_four(FnCtx *fc, const OpDef *op, const AstNode *call)
{
    Elab *E = fc->E;
    const IrExpr *args[4];
    OpError err;
    const IrType *type;
    IrKwarg kws[2];
    int today, na;
    for (int i = 0; i < 4; i++)
        if (!(args[i] = elab_expr(fc, call->list.items[i])))
            return NULL;
    if ((na = store_kwargs(fc, op, call, kws)) < 0)
        return NULL;
    today = ir_expr_type(fc->E->ir, args[2])->kind == TYPE_TENSOR;
    if (today) {
        const IrExpr *out = args[2];
        args[2] = args[3];
        args[3] = out;
    }
    if (!(type = op_deduce(E->ir, op, args, 4, na ? kws : NULL, (uint32_t)na, &err))) {
        Span at = call->span;
        if (err.arg >= 0 && err.arg < 4)
            at = elab_arg_part_span(call->list.items[today && err.arg >= 2 ? 5 - err.arg : err.arg], err.elem);
        return elab_error(E, at, "%s", err.msg);
    }
    return ir_call(E->ir, &op->callee, 4, args, (uint32_t)na, na ? ir_kwargs_intern(E->ir, (uint32_t)na, kws) : NULL, type,
                   call->span);
}

const IrExpr *elab_store_call(FnCtx *fc, const OpDef *op, const AstNode *call, int *handled)
{
    *handled = 0;
    if ((op->cls == OPCL_STORE || op->cls == OPCL_L0C_STORE) &&
        call->list.n + call->list2.n - store_extra_keywords(call) == 3) {
        const IrExpr *r = store_without_shapes(fc, op, call, handled);
        if (*handled)
            return r;
    }
    if (op_is(op, OP_BLOCK_STORE) && call->list.n == 4 && call->list2.n == store_extra_keywords(call)) {
        *handled = 1;
        return store_four(fc, op, call);
    }
    return NULL;
}
