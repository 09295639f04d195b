/* tensor_acc.c: matrix products held in Acc (ConvertTensorToBlockOps).
 *
 * A product is normally computed where it is stored, in blocks
 * (tensor_ops.c).  One that pl.matmul_acc accumulates into, or that a loop
 * or an if carries, is instead held in Acc (L0C) where it is defined, as
 * one block of M and N, and so is every value it flows into or from
 * through loops, ifs and copies.  Such values must all be products: Acc
 * cannot be loaded from global memory or filled with zeros.  The one
 * exception is the split-K idiom of a created (zero) accumulator carried
 * by a loop that surely runs and only accumulates into it: the loop
 * starts from an uninitialised Acc tile and its first step multiplies
 * instead (Val.zero_start; tensor_walk.c), which is exact. */
#include "config.h"
#include "passes/2_tensor/tensor_kernel.h"

#define op_of kc_op_of

/* Marks v held in Acc; 1 if it was not yet. */
static int mark_acc(Val *v)
{
    if (!v || v->inacc)
        return 0;
    v->inacc = 1;
    v->lazy = 0;
    v->ddr = 0;
    return 1;
}

/* Does x hold a product (computed, or carried from one), or a created
 * tensor that a zero-start loop begins with? */
static int is_product(const Val *x)
{
    for (; x && (x->def == DK_COPY || x->def == DK_LOOP_RET); x = x->src)
        ;
    if (!x)
        return 0;
    if (x->def == DK_OP)
        return op_of(x) == OP_TENSOR_MATMUL || op_of(x) == OP_TENSOR_MATMUL_ACC || x->zero_start;
    return (x->def == DK_ITER || x->def == DK_IF_RET) && x->inacc;
}

/* How often each Val is another's source or yielded value (a loop's
 * result naming its iter_arg aside): Val.nrefs. */
static void count_refs(Kc *K)
{
    for (uint32_t i = 0; i < K->all.len; i++)
        K->all.data[i]->nrefs = 0;
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        if (v->src && v->def != DK_LOOP_RET)
            v->src->nrefs++;
        for (int k = 0; k < 2; k++)
            if (v->y[k])
                v->y[k]->nrefs++;
    }
}

/* An accumulator carried by a for loop of at least one step from a
 * created tensor (zeros) and only accumulated into: the first step's
 * matmul_acc reads zeros, so it multiplies instead, and the loop starts
 * from an uninitialised Acc tile, which nothing reads.  (The reference
 * writes this as init_cond=; a loop that may not run, or a use of the
 * zeros elsewhere, needs the zeros, which Acc cannot be filled with.) */
static void find_zero_starts(Kc *K)
{
    count_refs(K);
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i], *c = v->src;
        const IrFor *f;
        int64_t lo, hi, st;
        if (v->def != DK_ITER || !v->inacc || !c || c->def != DK_OP || op_of(c) != OP_TENSOR_CREATE)
            continue;
        if (c->nuses || c->nrefs > 1) {   /* v's own reference aside */
            v->why_not_zero = "the created tensor is read elsewhere too";
            continue;
        }
        if (v->nuses != v->nacc_uses || v->nrefs) {
            v->why_not_zero = "the loop uses the accumulator other than to accumulate into it";
            continue;
        }
        f = v->site->kind == STMT_FOR ? IR_AS(IrFor, v->site) : NULL;
        if (!f || !tc_const(f->start, &lo) || !tc_const(f->stop, &hi) || !tc_const(f->step, &st) || st == 0 ||
            (st > 0 ? lo >= hi : lo <= hi)) {
            v->why_not_zero = "the loop may not run (its bounds are not constants with at least one step)";
            continue;
        }
        v->zero_start = 1;
        c->zero_start = 1;   /* the create makes no tile */
    }
}

/* A product one of whose values is accumulated into, or carried by a loop
 * or an if, is held in Acc by all of them: the loop's or if's values, its
 * initial and yielded values, and copies (a loop's results with its
 * iter_args).  To the fixed point. */
void kc_spread_acc(Kc *K)
{
    int changed = 1;
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        /* A product carried by a loop or an if. */
        if ((v->def == DK_ITER && ((v->src && v->src->lazy) || (v->y[0] && v->y[0]->lazy))) ||
            (v->def == DK_IF_RET && ((v->y[0] && v->y[0]->lazy) || (v->y[1] && v->y[1]->lazy))))
            mark_acc(v);
    }
    while (changed) {
        changed = 0;
        for (uint32_t i = 0; i < K->all.len; i++) {
            Val *v = K->all.data[i];
            switch ((DefKind)v->def) {
            case DK_COPY:
            case DK_LOOP_RET:
                if (v->src && (v->inacc || v->src->inacc))
                    changed |= mark_acc(v) | mark_acc(v->src);
                break;
            case DK_ITER:
                if (v->inacc || (v->src && v->src->inacc) || (v->y[0] && v->y[0]->inacc))
                    changed |= mark_acc(v) | mark_acc(v->src) | mark_acc(v->y[0]);
                break;
            case DK_IF_RET:
                if (v->inacc || (v->y[0] && v->y[0]->inacc) || (v->y[1] && v->y[1]->inacc))
                    changed |= mark_acc(v) | mark_acc(v->y[0]) | mark_acc(v->y[1]);
                break;
            default:
                break;
            }
        }
    }
}

void kc_check_acc(Kc *K)
{
    find_zero_starts(K);
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        OpId o = op_of(v);
        /* Every value held in Acc is a product: the cube cannot start from
         * anything else (a tensor in global memory cannot be loaded into
         * Acc, and there is no zero fill of it). */
        if (v->inacc && v->def == DK_ITER && !is_product(v->src) && v->why_not_zero)
            kc_error(K, v->at,
                     "'%s' carries a matrix product through the loop from the zeros of a created tensor, which Acc "
                     "cannot hold, and the first step cannot stand in for them: %s; compute the first product before "
                     "the loop with pl.matmul",
                     ir_ssa_stem(K->ir, v->old->name), v->why_not_zero);
        else if (v->inacc && v->def == DK_ITER && !is_product(v->src) && !v->zero_start)
            kc_error(K, v->at,
                     "'%s' carries a matrix product through the loop, so it is held in Acc, which only a product can "
                     "start, and its initial value '%s' is not one: compute the first product before the loop with "
                     "pl.matmul (or start from a created tensor)",
                     ir_ssa_stem(K->ir, v->old->name), v->src ? ir_ssa_stem(K->ir, v->src->old->name) : "?");
        else if (v->inacc && v->def == DK_IF_RET && (!is_product(v->y[0]) || !is_product(v->y[1])))
            kc_error(K, v->at,
                     "'%s' is a matrix product in one branch, so it is held in Acc, which only a product can fill: "
                     "the other branch's value '%s' is not one",
                     ir_ssa_stem(K->ir, v->old->name),
                     ir_ssa_stem(K->ir, !is_product(v->y[0]) ? (v->y[0] ? v->y[0]->old->name : "?")
                                                            : (v->y[1] ? v->y[1]->old->name : "?")));
        else if (v->def == DK_OP && o == OP_TENSOR_MATMUL_ACC && !is_product(kc_val(K, v->call->args[0])))
            kc_error(K, v->at,
                     "the accumulator of pl.matmul_acc must be a matrix product computed in this kernel (a product "
                     "of pl.matmul, or carried by a loop from one): the cube accumulates in Acc, which a tensor in "
                     "global memory cannot be loaded into");
        else if (v->inacc && v->operand)
            kc_error(K, span_is_known(v->demand_at) ? v->demand_at : v->at,
                     "the matrix product '%s' is held in Acc, where only the cube and stores read it",
                     ir_ssa_stem(K->ir, v->old->name));
    }
}
