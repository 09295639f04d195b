/* tensor_l1.c: on-chip L1 accumulators in ConvertTensorToBlockOps.
 *
 * pl.create_l1(shape, dtype) is a tensor the kernel holds in L1 (Mat):
 * pl.gather_row fills it with rows of a tensor in global memory that the
 * kernel chooses, and matrix products take it as an operand (pypto's
 * op_conversion_registry.cpp lowers tensor.create_l1 to tile.create in
 * Mat and tensor.gather_row to tile.gather_row; docs/en/dev/passes/
 * 10-convert_tensor_to_tile_ops.md, "Kernel-Driven Gather").  Here:
 *  - kc_mark_l1: the values that are such a tile (the ops' results, and
 *    copies, loops and ifs that carry one);
 *  - kc_conv_l1: the two ops as block ops;
 *  - kc_mm_operand: a product's operand, an L1 tile or a region of global
 *    memory; tensor_matmul.c moves an L1 tile whole into Left or Right
 *    (read transposed for a_trans/b_trans), where a tensor in global
 *    memory is loaded into Mat block by block. */
#include "config.h"
#include "passes/2_tensor/tensor_kernel.h"

#include <string.h>

int kc_is_l1_op(OpId o) { return o == OP_TENSOR_CREATE_L1 || o == OP_TENSOR_GATHER_ROW; }

/* Is v an L1 tile, given what is known of the values it comes from? */
static int l1_of(const Val *v)
{
    switch ((DefKind)v->def) {
    case DK_OP:
        return kc_is_l1_op(kc_op_of(v));
    case DK_COPY:
    case DK_ITER:
    case DK_LOOP_RET:
        return v->src && v->src->l1;
    case DK_IF_RET:
        return v->y[0] && v->y[1] && (v->y[0]->l1 || v->y[1]->l1);
    default:
        return 0;
    }
}

void kc_mark_l1(Kc *K)
{
    int changed = 1;
    while (changed) {
        changed = 0;
        for (uint32_t i = 0; i < K->all.len; i++) {
            Val *v = K->all.data[i];
            if (!v->l1 && l1_of(v)) {
                v->l1 = 1;
                changed = 1;
            }
        }
    }
}

/* tensor.create_l1: an uninitialised Mat tile. */
static void conv_create(Kc *K, Val *v, const IrCall *c)
{
    const IrExpr *shape = tc_tuple(K->ir, v->type->n, v->type->dims);
    TcKw kw[2] = {{"dtype", v->type->dtype}, {"target_memory", MS_MAT}};
    if (ir_call_kwarg_int(c, "transpose", 0)) {
        tc_error(&K->e, K->e.at, "'pl.tensor.create_l1' with transpose=True (an L1 tile in the ZN layout) is not "
                                 "converted yet: create it plainly and multiply with b_trans=True");
        return;
    }
    v->tile = tc_emit(&K->e, tc_fresh2(&K->names, v->old->name, "_l1"), OP_BLOCK_CREATE_TILE, 1, &shape, 2, kw);
}

/* tensor.gather_row(acc, src, dst_offset, src_offset, shapes, transpose,
 * valid_shape): block.gather_row into acc's tile, src its tensor in global
 * memory, the source offset moved by where src's region starts in it. */
static void conv_gather_row(Kc *K, Val *v, const IrCall *c)
{
    Val *acc = kc_val(K, c->args[0]), *src = kc_val(K, c->args[1]);
    const IrExpr *args[6], *off[2];
    TcKw kw = {"transpose", ir_call_kwarg_int(c, "transpose", 0)};
    const IrExpr *so = c->args[3];
    if (!acc || !acc->tile || !src || !src->r.base) {
        tc_error(&K->e, K->e.at, "internal error: the operands of '%s' have no form here", v->old->name);
        return;
    }
    if (src->r.nlead || so->kind != EXPR_MAKE_TUPLE || IR_AS(IrMakeTuple, so)->n != 2) {
        tc_error(&K->e, K->e.at, "'pl.tensor.gather_row' is converted for a 2-D source tensor and a literal source "
                                 "offset of 2 elements");
        return;
    }
    for (uint32_t i = 0; i < 2; i++)
        off[i] = src->r.off[i] ? tc_add(K->ir, src->r.off[i], IR_AS(IrMakeTuple, so)->elems[i])
                               : IR_AS(IrMakeTuple, so)->elems[i];
    args[0] = acc->tile;
    args[1] = src->r.base;
    args[2] = c->args[2];
    args[3] = tc_tuple(K->ir, 2, off);
    for (uint32_t i = 4; i < c->nargs && i < 6; i++)
        args[i] = c->args[i];
    v->tile = tc_emit(&K->e, tc_fresh2(&K->names, v->old->name, "_l1"), OP_BLOCK_GATHER_ROW, c->nargs, args, 1, &kw);
}

void kc_conv_l1(Kc *K, Val *v, const IrCall *c)
{
    if (kc_op_of(v) == OP_TENSOR_CREATE_L1)
        conv_create(K, v, c);
    else
        conv_gather_row(K, v, c);
}

TcRegion kc_mm_operand(const Val *v, const IrCall *c, int which)
{
    TcRegion r;
    if (!v->l1)
        return tc_mm_operand(&v->r, c, which);
    memset(&r, 0, sizeof r);
    r.mat = v->tile;
    r.type = v->type;
    return tc_mm_operand(&r, c, which);
}
