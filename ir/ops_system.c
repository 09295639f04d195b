/* ops_system.c: the system.* synchronisation ops (ops.md 7).  They take
 * no IR arguments, produce no value (UnknownType) and appear as
 * EvalStmts; the flag ops carry their pipes and event id as kwargs.
 *
 * The ops themselves are rows of ir/ops.def (sorted by name, once). */
#include "config.h"
#include "ir/ops_internal.h"

const IrType *deduce_barrier(DeduceCtx *dc) { return ir_type_unknown(dc->ir); }

/* cacheinvalid(tensor, shapes, offsets): a region of the tensor, which
 * must lie inside it where it is static (pypto's system.cacheinvalid). */
const IrType *deduce_cacheinvalid_line(DeduceCtx *dc)
{
    const IrType *t;
    const IrExpr *const *shapes, *const *offsets;
    uint32_t ns, no;
    if (!(t = op_need_tensor(dc, 0)) || !op_tuple_arg(dc, 1, "shapes", 0, &ns, &shapes) ||
        !op_tuple_arg(dc, 2, "offsets", 0, &no, &offsets))
        return NULL;
    if (ns != t->n || no != t->n)
        return op_fail(dc, ns != t->n ? 1 : 2, "the region of a rank-%u tensor needs %u %s, got %u", (unsigned)t->n,
                       (unsigned)t->n, ns != t->n ? "shapes" : "offsets", (unsigned)(ns != t->n ? ns : no));
    if (!op_window_fits(dc, 2, t, shapes, offsets))
        return NULL;
    return ir_type_unknown(dc->ir);
}

/* set_flag / wait_flag: pipes are PipeType numbers, events 0..7. */
const IrType *deduce_flag(DeduceCtx *dc)
{
    static const char *const pipes[] = {"set_pipe", "wait_pipe"};
    int64_t v;
    for (uint32_t i = 0; i < 2; i++) {
        if (op_kwarg_int(dc, pipes[i], &v) != 1)
            return NULL;
        if (v < 0 || v >= PIPE_COUNT)
            return op_fail(dc, -1, "%s must be a pipe (0 to %d), got %lld", pipes[i], PIPE_COUNT - 1, (long long)v);
    }
    if (op_kwarg_int(dc, "event_id", &v) != 1)
        return NULL;
    if (v < 0 || v > 7)
        return op_fail(dc, -1, "event_id must be between 0 and 7, got %lld", (long long)v);
    return ir_type_unknown(dc->ir);
}
