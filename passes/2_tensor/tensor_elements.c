/* tensor_elements.c: element reads and writes of tensors inside a kernel
 * (ConvertTensorToBlockOps).
 *
 * pl.read(t, [i, j]) and pl.write(t, [i, j], v) stay in the kernel (as
 * pypto's tensor.read and tensor.write do: PTOAS pto.load_scalar and
 * pto.store_scalar on the tensor's base pointer):
 *
 *  - of a tensor in global memory (a parameter, a view of one, a region
 *    stored into): block.gm_read / block.gm_write on the buffer's
 *    root at the element's position in it (the region's offsets plus the
 *    indices), on the scalar unit; the lowering makes the position a flat
 *    offset by the tensor's strides, and InsertSync orders the access
 *    against the transfers of the same buffer by its MemRef;
 *  - of a tensor the kernel computes (a tile): block.read / block.write,
 *    the tile's element (TGETVAL, TSETVAL).
 *
 * A write gives the written tensor: in global memory the same buffer
 * (its region with the store's result as base), else the written tile. */
#include "config.h"
#include "passes/2_tensor/tensor_kernel.h"

/* The element's position in the buffer of x (in global memory): one index
 * per dimension of the region's base; NULL after an error. */
static const IrExpr *gm_position(Kc *K, const Val *x, const IrExpr *idx)
{
    TcRegion at;
    const IrExpr *o[TC_MAX_LEAD + 2];
    uint32_t n = ir_expr_type(K->ir, x->r.base)->n;
    if (!tc_region_move(K->ir, &at, &x->r, idx)) {
        tc_error(&K->e, K->e.at, "an element of '%s' needs a literal list of %u indices", x->old->name,
                 x->old->type->n);
        return NULL;
    }
    if (at.nlead)
        tc_region_offsets(&at, o);
    else {
        o[0] = at.off[0];
        o[1] = at.off[1];
    }
    return tc_tuple(K->ir, n, o);
}

/* The index of the element of x's tile: the indices as they are where the
 * tile has x's rank, else the row-major flat index over x's (constant)
 * shape, which a squeezed tile holds in the same order; NULL after an
 * error. */
static const IrExpr *tile_index(Kc *K, const Val *x, const IrExpr *idx)
{
    const IrType *tt = ir_expr_type(K->ir, x->tile), *t = x->old->type;
    const IrMakeTuple *m = idx->kind == EXPR_MAKE_TUPLE ? IR_AS(IrMakeTuple, idx) : NULL;
    const IrExpr *flat = NULL;
    if (kc_rowsplit(K, x)) {
        tc_error(&K->e, K->e.at,
                 "an element of '%s' cannot be read or written here: the kernel computes it in blocks of rows (it "
                 "does not fit the on-chip buffer whole)",
                 x->old->name);
        return NULL;
    }
    if (!m || m->n != t->n) {
        tc_error(&K->e, K->e.at, "an element of '%s' needs a literal list of %u indices", x->old->name, t->n);
        return NULL;
    }
    if (tt->n == t->n)
        return idx;
    for (uint32_t d = 0; d < t->n; d++) {
        int64_t ext;
        if (!tc_const(t->dims[d], &ext)) {
            tc_error(&K->e, K->e.at, "an element of '%s' needs its shape constant here", x->old->name);
            return NULL;
        }
        flat = flat ? tc_add(K->ir, ir_binary(K->ir, BIN_MUL, DT_INDEX, flat, tc_int(K->ir, ext), idx->span),
                             m->elems[d])
                    : m->elems[d];
    }
    return tc_tuple(K->ir, 1, &flat);
}

void kc_conv_read(Kc *K, const IrAssign *a, const IrCall *c, TcStmts *out)
{
    Val *x = kc_val(K, c->args[0]);
    const IrExpr *args[2], *call = NULL;
    if (!x) {
        tc_error(&K->e, K->e.at, "internal error: 'pl.tensor.read' of no tensor value");
        return;
    }
    if (x->ddr && x->r.base) {
        args[0] = x->r.base;
        if ((args[1] = gm_position(K, x, c->args[1])))
            call = tc_emit_op(&K->e, OP_BLOCK_GM_READ, 2, args, 0, NULL);
    } else if (x->tile) {
        args[0] = x->tile;
        if ((args[1] = tile_index(K, x, c->args[1])))
            call = tc_emit_op(&K->e, OP_BLOCK_READ, 2, args, 0, NULL);
    } else {
        tc_error(&K->e, K->e.at, "internal error: '%s' has neither a buffer nor a tile here", x->old->name);
    }
    if (call)
        vec_push(*out, ir_assign(K->ir, a->var, call, a->s.span));
}

void kc_conv_write(Kc *K, Val *v, const IrCall *c)
{
    Val *x = kc_val(K, c->args[0]);
    const IrExpr *args[3], *r;
    const char *name = v ? tc_fresh(&K->names, v->old->name) : tc_fresh2(&K->names, x ? x->old->name : "t", "_w");
    if (!x) {
        tc_error(&K->e, K->e.at, "internal error: 'pl.tensor.write' of no tensor value");
        return;
    }
    args[2] = c->args[2];
    if (x->ddr && x->r.base) {
        args[0] = x->r.base;
        if (!(args[1] = gm_position(K, x, c->args[1])) ||
            !(r = tc_emit(&K->e, name, OP_BLOCK_GM_WRITE, 3, args, 0, NULL)) || !v)
            return;
        v->r = x->r;
        v->r.base = r;
        v->r.type = v->type;
        if (v->need_tile)
            kc_load(K, v);
    } else if (x->tile) {
        args[0] = x->tile;
        if (!(args[1] = tile_index(K, x, c->args[1])) ||
            !(r = tc_emit(&K->e, name, OP_BLOCK_WRITE, 3, args, 0, NULL)) || !v)
            return;
        v->tile = r;
    } else {
        tc_error(&K->e, K->e.at, "internal error: '%s' has neither a buffer nor a tile here", x->old->name);
    }
}
