/* ops_system.c: the system.* synchronisation ops (ops.md 7).  They take
 * no IR arguments, produce no value (UnknownType) and appear as
 * EvalStmts; the flag ops carry their pipes and event id as kwargs.
 *
 * The table at the end is sorted by name (checked by the unit test). */
#include "config.h"
#include "ir/ops_internal.h"

static const IrType *deduce_barrier(DeduceCtx *dc) { return ir_type_unknown(dc->ir); }

/* set_flag / wait_flag: pipes are PipeType numbers, events 0..7. */
static const IrType *deduce_flag(DeduceCtx *dc)
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

static const OpParam p_flag[] = {PKW("set_pipe", 0), PKW("wait_pipe", 1), PKW("event_id", 2)};
static const KwSpec k_flag[] = {KW_REQ("set_pipe", KWT_PIPE), KW_REQ("wait_pipe", KWT_PIPE),
                                KW_REQ("event_id", KWT_INT)};

const OpDef ops_system[] = {
    OPDEF0("system.bar_all", OPC_SYSTEM, deduce_barrier, "Barrier on all pipes"),
    OPDEF0("system.bar_m", OPC_SYSTEM, deduce_barrier, "Barrier on the matrix (M) pipe"),
    OPDEF0("system.bar_v", OPC_SYSTEM, deduce_barrier, "Barrier on the vector (V) pipe"),
    OPDEF_KW("system.sync_dst", OPC_SYSTEM, 0, p_flag, k_flag, deduce_flag,
             "Wait for a flag set by another pipe (wait_flag)"),
    OPDEF_KW("system.sync_src", OPC_SYSTEM, 0, p_flag, k_flag, deduce_flag, "Set a flag for another pipe (set_flag)"),
};
const uint32_t ops_system_count = OPS_ARRAY_LEN(ops_system);
