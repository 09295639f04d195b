/* ops_system.c: the system.* synchronisation ops (ops.md 7).  They take
 * no IR arguments, produce no value (UnknownType) and appear as
 * EvalStmts; the flag ops carry their pipes and event id as kwargs.
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
