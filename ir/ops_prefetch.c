/* ops_prefetch.c: the deductions of the asynchronous GM -> L2 prefetch
 * (pl.prefetch.*; pypto docs/en/dev/ir/05-operators.md "PrefetchOp",
 * docs/en/api/prefetch.md):
 *
 *   pl.prefetch.make_context()             -> pl.PrefetchAsyncContext
 *   pl.prefetch.async_prefetch(src, ctx)   -> pl.AsyncEvent
 *   pl.prefetch.session(ctx)               -> pl.AsyncSession
 *   pl.prefetch.wait(event, session)       -> Scalar[BOOL] (done)
 *
 * A prefetch warms L2 and changes no value.  Its source is a flat,
 * contiguous GM region of a static shape whose dimensions are all 1 but
 * the last ([N], [1, N], ...), as PTOAS's TPrefetchAsyncOp verifier
 * requires: a shape mistake is an error here, not in PTOAS.  The ops
 * themselves are rows of ir/ops.def. */
#include "config.h"
#include "ir/ops_internal.h"

/* Argument i is a handle of kind h. */
static int need_handle(DeduceCtx *dc, uint32_t i, IrHandle h)
{
    const IrType *t = op_arg_type(dc, i);
    char buf[160];
    if (t->kind == TYPE_HANDLE && t->handle == h)
        return 1;
    op_fail(dc, (int)i, "argument %u must be a pl.%s, got %s", i + 1, ir_handle_name(h),
            type_to_string(dc->ir, t, buf, sizeof buf));
    return 0;
}

const IrType *deduce_prefetch_make_context(DeduceCtx *dc)
{
    return ir_type_handle(dc->ir, HANDLE_PREFETCH_CONTEXT);
}

const IrType *deduce_prefetch_async(DeduceCtx *dc)
{
    const IrType *t = op_arg_type(dc, 0);
    char buf[160];
    if (t->kind != TYPE_TENSOR)
        return op_fail(dc, 0, "the source must be a pl.Tensor in global memory, got %s",
                       type_to_string(dc->ir, t, buf, sizeof buf));
    for (uint32_t d = 0; d < t->n; d++) {
        int64_t v;
        if (!ir_dim_value(t->dims[d], &v))
            return op_fail(dc, 0, "the source must have a static shape (PTOAS prefetches a flat region of known "
                                  "size), got %s", type_to_string(dc->ir, t, buf, sizeof buf));
        if (d + 1 < t->n && v != 1)
            return op_fail(dc, 0, "the source must be flat: every dimension 1 but the last ([N], [1, N]), got %s; "
                                  "pl.reshape it to one row first", type_to_string(dc->ir, t, buf, sizeof buf));
    }
    if (t->tensor_view) {
        const IrTensorView *v = t->tensor_view;
        int64_t last = 1;
        if (v->layout != TENSOR_ND || v->nvalid ||
            (v->nstride && (!ir_dim_value(v->stride[v->nstride - 1], &last) || last != 1)))
            return op_fail(dc, 0, "the source must be a contiguous row-major region, got %s",
                           type_to_string(dc->ir, t, buf, sizeof buf));
    }
    return need_handle(dc, 1, HANDLE_PREFETCH_CONTEXT) ? ir_type_handle(dc->ir, HANDLE_ASYNC_EVENT) : NULL;
}

const IrType *deduce_prefetch_session(DeduceCtx *dc)
{
    return need_handle(dc, 0, HANDLE_PREFETCH_CONTEXT) ? ir_type_handle(dc->ir, HANDLE_ASYNC_SESSION) : NULL;
}

const IrType *deduce_prefetch_wait(DeduceCtx *dc)
{
    if (!need_handle(dc, 0, HANDLE_ASYNC_EVENT) || !need_handle(dc, 1, HANDLE_ASYNC_SESSION))
        return NULL;
    return ir_type_scalar(dc->ir, DT_BOOL);
}
