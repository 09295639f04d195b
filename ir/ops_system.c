/* ops_system.c: the system.* synchronisation ops (ops.md 7).  They take
 * no IR arguments, produce no value (UnknownType) and appear as
 * EvalStmts; the flag ops carry their pipes and event id as kwargs.
 *
 * The ops themselves are rows of ir/ops.def (sorted by name, once). */
#include "config.h"
#include "ir/ops_internal.h"

const IrType *deduce_barrier(DeduceCtx *dc) { return ir_type_unknown(dc->ir); }

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
