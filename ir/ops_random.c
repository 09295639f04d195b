/* ops_random.c: the counter-based random generator, tile.random and
 * tensor.random (pl.tile.random, pl.random): a tile or tensor of INT32 or
 * UINT32 words, each a function of a 64-bit key, a 128-bit counter and
 * the element's place (pto-isa's TRANDOM, PTOAS's pto.trandom).
 *
 * The rows are in ir/ops.def; their lowering is the class RANDOM's
 * (FORM_RANDOM, codegen/lower_op.c). */
#include "config.h"

#include "ir/ops_internal.h"

/* key0, key1, counter0 .. counter3: the six seed words, arguments 0-5. */
#define RANDOM_SEEDS 6

/* A literal seed is an INT32 word (pypto's _to_int32_scalar retypes every
 * constant): a value of UINT32's range is its bit pattern, so that a key
 * like 0x9E3779B9 reads as the word it spells. */
void normalize_random(DeduceCtx *dc, const IrExpr **args)
{
    for (uint32_t i = 0; i < RANDOM_SEEDS && i < dc->nargs; i++) {
        int64_t v;
        if (!op_const_int_value(args[i], &v) || v < INT32_MIN || v > (int64_t)UINT32_MAX)
            continue;
        if (v > INT32_MAX)
            v -= (int64_t)1 << 32;
        args[i] = ir_const_int(dc->ir, v, DT_INT32, args[i]->span);
    }
}

/* random(key0, key1, counter0, counter1, counter2, counter3, shape,
 * [valid_shape], dtype=, rounds=): pypto's DeduceTileRandomType and
 * DeduceTensorRandomType: INT32 seed scalars, a static 2-D shape, INT32 or
 * UINT32 words (TRANDOM writes 32-bit lanes), 7 or 10 rounds (the only
 * counts pto-isa's TRANDOM takes); the tile op's optional valid shape,
 * constants inside the shape, is the region written. */
const IrType *deduce_random(DeduceCtx *dc)
{
    const IrExpr *const *shape, *const *valid = NULL;
    char buf[160];
    uint32_t n;
    int64_t dt, rounds, v;
    for (uint32_t i = 0; i < RANDOM_SEEDS; i++) {
        const IrType *s = op_need_scalar(dc, i);
        if (!s)
            return NULL;
        if (s->dtype != DT_INT32) {
            if (op_const_int_value(dc->args[i], &v))
                return op_fail(dc, (int)i, "seed %lld is out of the range of INT32 (or UINT32 as its bit pattern)",
                               (long long)v);
            return op_fail(dc, (int)i, "%s argument (a seed word) must be an INT32 Scalar, got %s", op_ordinal(i),
                           type_to_string(dc->ir, s, buf, sizeof buf));
        }
    }
    if (!op_const_shape_arg(dc, RANDOM_SEEDS, &n, &shape) || op_kwarg_int(dc, "dtype", &dt) != 1 ||
        op_kwarg_int(dc, "rounds", &rounds) != 1)
        return NULL;
    if (n != 2)
        return op_fail(dc, RANDOM_SEEDS, "the shape must be 2-D (rows, columns), got %u dimensions", n);
    if (dt != DT_INT32 && dt != DT_UINT32)
        return op_fail(dc, -1, "dtype must be pl.INT32 or pl.UINT32, got %s",
                       dt >= 0 && dt < DT_COUNT ? op_dtype_str((DataType)dt, buf, sizeof buf) : "no data type");
    if (rounds != 7 && rounds != 10)
        return op_fail(dc, -1, "rounds must be 7 or 10, got %lld", (long long)rounds);
    if (dc->nargs > RANDOM_SEEDS + 1) {
        if (!op_valid_shape_arg(dc, RANDOM_SEEDS + 1, n, shape, &valid))
            return NULL;
        for (uint32_t d = 0; valid && d < n; d++)
            if (!ir_dim_value(valid[d], &v) || v <= 0) {
                op_fail(dc, RANDOM_SEEDS + 1, "valid_shape element %u must be a positive constant", d);
                dc->err->elem = (int)d;
                return NULL;
            }
    }
    return op_make_tile(dc, (DataType)dt, n, shape, valid ? op_view_with_valid(dc, NULL, n, valid) : NULL);
}
