/* ops_system.c: the system.* synchronisation ops (ops.md 7).  They
 * produce no value (UnknownType) and appear as EvalStmts; the flag ops
 * carry their pipes and event id as kwargs, the cross-core events their
 * event id as an argument (a constant or a run-time INDEX).
 *
 * The ops themselves are rows of ir/ops.def (sorted by name, once). */
#include "config.h"
#include "ir/ops_internal.h"

#include <stdint.h>
#include <string.h>

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

/* syncall(core_type=, mode=) and its soft form (gm_workspace, used_cores):
 * core_type is "aiv_only", "aic_only" or "mix" (the default); the hard
 * form takes no operands, the soft one a shared INT32 GM tensor of at
 * least 16 elements (one 64-byte cache line, pypto's system_ops.py) and
 * an integer participant count, 0 for every block of the launch. */
const IrType *deduce_syncall(DeduceCtx *dc)
{
    const IrKwarg *ct = deduce_kwarg(dc, "core_type"), *mode = deduce_kwarg(dc, "mode");
    const char *m = mode && mode->kind == KW_STRING ? mode->v.s : "hard";
    const IrType *ws, *n;
    int64_t cells = 1, v;
    if (ct && !(ct->kind == KW_STRING && (strcmp(ct->v.s, "aiv_only") == 0 || strcmp(ct->v.s, "aic_only") == 0 ||
                                          strcmp(ct->v.s, "mix") == 0)))
        return op_fail(dc, -1, "core_type is \"aiv_only\", \"aic_only\" or \"mix\", got %s%s%s",
                       ct->kind == KW_STRING ? "\"" : "", ct->kind == KW_STRING ? ct->v.s : "another value",
                       ct->kind == KW_STRING ? "\"" : "");
    if (strcmp(m, "hard") != 0 && strcmp(m, "soft") != 0)
        return op_fail(dc, -1, "mode is \"hard\" or \"soft\", got \"%s\"", m);
    if (dc->nargs == 0) {
        if (strcmp(m, "soft") == 0)
            return op_fail(dc, -1, "the soft barrier needs gm_workspace= (a zeroed INT32 GM tensor) and used_cores=");
        return ir_type_unknown(dc->ir);
    }
    if (strcmp(m, "soft") != 0)
        return op_fail(dc, -1, "gm_workspace= and used_cores= belong to mode=\"soft\"; the hard barrier takes none");
    if (!(ws = op_need_tensor(dc, 0)) || !(n = op_need_scalar(dc, 1)) || !op_need_int_dtype(dc, 1, n))
        return NULL;
    if (ws->dtype != DT_INT32) {
        char buf[32];
        return op_fail(dc, 0, "gm_workspace must be an INT32 tensor, got %s", op_dtype_str((DataType)ws->dtype, buf, sizeof buf));
    }
    for (uint32_t d = 0; d < ws->n; d++)
        if (!ir_dim_value(ws->dims[d], &v))
            cells = -1;
        else if (cells >= 0)
            cells = v >= 16 || cells * v >= 16 ? 16 : cells * v;   /* capped: no overflow */
    if (cells >= 0 && cells < 16)
        return op_fail(dc, 0, "gm_workspace holds %lld INT32 elements; the soft barrier needs at least 16 (64 bytes)",
                       (long long)cells);
    if (op_const_int_value(dc->args[1], &v) && (v < 0 || v > INT32_MAX))
        return op_fail(dc, 1, "used_cores is a count of blocks from 0 to %d, got %lld", INT32_MAX, (long long)v);
    return ir_type_unknown(dc->ir);
}

/* available_aiv_count(), available_cluster_count(): INT32 (pypto's
 * system_ops.py). */
const IrType *deduce_core_count(DeduceCtx *dc) { return ir_type_scalar(dc->ir, DT_INT32); }

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

/* sync_set / sync_wait(event_id, pipe=, [ffts_mode=,] core_type=): a
 * cross-core event between a cluster's cube and vector cores (pypto's
 * DeduceCrossCoreSyncType): an event id of the user's range 0-13 (14 and
 * 15 are the runtime's), or an INDEX scalar read at run time; a pipe;
 * ffts_mode 0-2 (PTOAS's SyncSetOp verifier); core_type "aic" or "aiv". */
const IrType *deduce_xcore_sync(DeduceCtx *dc)
{
    const IrKwarg *ct = deduce_kwarg(dc, "core_type");
    const IrType *t;
    char buf[160];
    int64_t v;
    if (op_kwarg_int(dc, "pipe", &v) != 1)
        return NULL;
    if (v < 0 || v >= PIPE_COUNT)
        return op_fail(dc, -1, "pipe must be a pipe (0 to %d), got %lld", PIPE_COUNT - 1, (long long)v);
    if (op_kwarg_int(dc, "ffts_mode", &v) == 1 && (v < 0 || v > 2))
        return op_fail(dc, -1, "ffts_mode must be 0, 1 or 2, got %lld", (long long)v);
    if (ct && ct->kind == KW_STRING && strcmp(ct->v.s, "aic") != 0 && strcmp(ct->v.s, "aiv") != 0)
        return op_fail(dc, -1, "core_type must be \"aic\" or \"aiv\", got \"%s\"", ct->v.s);
    if (!(t = op_need_scalar(dc, 0)))
        return NULL;
    if (op_const_int_value(dc->args[0], &v)) {
        if (v < 0 || v > 13)
            return op_fail(dc, 0, "event_id must be in the user's range 0 to 13, got %lld", (long long)v);
    } else if (t->dtype != DT_INDEX) {
        return op_fail(dc, 0, "an event id read at run time must be a pl.Scalar[pl.INDEX], got %s",
                       type_to_string(dc->ir, t, buf, sizeof buf));
    }
    return ir_type_unknown(dc->ir);
}

/* set_ffts(workspace): the FFTS unit's workspace, a 1-D INT64 tensor of a
 * static length of at least 256 elements (pypto's DeduceSetFFTSType). */
const IrType *deduce_set_ffts(DeduceCtx *dc)
{
    const IrType *t = op_need_tensor(dc, 0);
    char buf[160];
    int64_t n;
    if (!t)
        return NULL;
    if (t->dtype != DT_INT64 || t->n != 1 || !ir_dim_value(t->dims[0], &n) || n < 256)
        return op_fail(dc, 0, "the workspace must be a 1-D INT64 tensor of at least 256 elements, got %s",
                       type_to_string(dc->ir, t, buf, sizeof buf));
    return ir_type_unknown(dc->ir);
}
