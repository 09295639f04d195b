/* tensor_copy_nd.c: the copy kernel (dst = src) of tensors of rank 3 or
 * more, which an assemble in orchestration code becomes (ConvertTensorTo
 * BlockOps, convert_tensor_to_block_ops.c).  Tensor ops convert to tiles of
 * rank 1 and 2 only, but a copy needs no computation: it moves blocks of
 * the tensor through Vec tiles of its rank, which FlattenTileNdTo2D folds
 * into rows (pypto@e2d0f78a docs/en/dev/passes/13-flatten_tile_nd_to_2d.md:
 * a [a, b, c] tile is [a b, c]):
 *
 *     for i0 in range(0, D0, c0): ... for ik in ...:
 *         t = block.load(src, [i0, ..., 0], [c0, ..., cn])
 *         dst = block.store(t, [i0, ..., 0], [c0, ..., cn], dst)
 *
 * The block [c0, ..., cn] is the largest that fits COPY_TILE_BYTES and
 * whose window is one run of memory: the last dimension whole when it
 * fits (else a divisor of it), and a dimension cut only where every one
 * after it is whole (before it, blocks of 1). */
#include "config.h"
#include "passes/2_tensor/tensor_conv.h"

#include <stdio.h>

/* A block of the copy holds at most this many bytes (a third of the
 * smallest Vec buffer, so that the memory passes can double-buffer it). */
enum { COPY_TILE_BYTES = 65536 };

/* The largest divisor of n at most cap (at least 1). */
static int64_t largest_divisor(int64_t n, int64_t cap)
{
    for (int64_t d = cap < n ? cap : n; d > 1; d--)
        if (n % d == 0)
            return d;
    return 1;
}

const IrFunc *tc_copy_kernel_nd(IrCtx *ir, const IrType *t, const char *name, Span at)
{
    uint32_t n = t->n;
    int64_t ext[TC_COPY_MAX_RANK], ch[TC_COPY_MAX_RANK], elem = dtype_bytes((DataType)t->dtype), inner;
    const IrExpr *offs[TC_COPY_MAX_RANK], *sizes[TC_COPY_MAX_RANK], *args[4];
    IrIterArg *it[TC_COPY_MAX_RANK];
    const IrVar *ret[TC_COPY_MAX_RANK], *iv[TC_COPY_MAX_RANK];
    uint32_t loops[TC_COPY_MAX_RANK], nl = 0;
    int whole = 1;
    char buf[32];
    if (n < 3 || n > TC_COPY_MAX_RANK || elem < 1)
        return NULL;
    for (uint32_t d = 0; d < n; d++)
        if (!tc_const(t->dims[d], &ext[d]) || ext[d] < 1)
            return NULL;
    /* the blocks, innermost first */
    ch[n - 1] = ext[n - 1] * elem <= COPY_TILE_BYTES ? ext[n - 1] : largest_divisor(ext[n - 1], COPY_TILE_BYTES / elem);
    if ((ch[n - 1] * elem) % 32)
        return NULL;   /* a tile row is whole 32-byte blocks: the tensor conversion reports it */
    inner = ch[n - 1] * elem;
    whole = ch[n - 1] == ext[n - 1];
    for (int d = (int)n - 2; d >= 0; d--) {
        ch[d] = whole ? largest_divisor(ext[d], COPY_TILE_BYTES / inner ? COPY_TILE_BYTES / inner : 1) : 1;
        inner *= ch[d];
        whole = ch[d] == ext[d];
    }
    IrParam *params = arena_array(&ir->arena, 2, sizeof *params);
    params[0].var = ir_var_new(ir, ir_name(ir, "src"), t, at);
    params[0].dir = DIR_IN;
    params[1].var = ir_var_new(ir, ir_name(ir, "dst"), t, at);
    params[1].dir = DIR_OUT;
    /* a loop per dimension of more than one block, outermost first; each
     * carries dst */
    const IrExpr *acc = &params[1].var->e;
    for (uint32_t d = 0; d < n; d++) {
        offs[d] = tc_int(ir, 0);
        sizes[d] = tc_int(ir, ch[d]);
        if (ch[d] == ext[d])
            continue;
        snprintf(buf, sizeof buf, "copy_i%u", d);
        iv[nl] = ir_var_new(ir, ir_name(ir, buf), ir_type_scalar(ir, DT_INDEX), at);
        offs[d] = &iv[nl]->e;
        snprintf(buf, sizeof buf, "copy_dst%u", d);
        it[nl] = ir_iter_arg_new(ir, ir_name(ir, buf), t, acc, at);
        snprintf(buf, sizeof buf, "copy_out%u", d);
        ret[nl] = ir_var_new(ir, ir_name(ir, buf), t, at);
        acc = &it[nl]->v.e;
        loops[nl++] = d;
    }
    TcStmts body;
    OpError err;
    TcKw vec = {"target_memory", MS_VEC};
    const IrExpr *x;
    vec_init(body);
    args[0] = &params[0].var->e;
    args[1] = tc_tuple(ir, n, offs);
    args[2] = args[3] = tc_tuple(ir, n, sizes);
    if (!(x = tc_op(ir, OP_BLOCK_LOAD, 4, args, 1, &vec, at, &err)))
        ICE("copy kernel's load: %s", err.msg);
    args[0] = &tc_let(ir, &body, ir_name(ir, "copy_tile"), x, at)->e;
    args[2] = args[3];
    args[3] = acc;
    if (!(x = tc_op(ir, OP_BLOCK_STORE, 4, args, 0, NULL, at, &err)))
        ICE("copy kernel's store: %s", err.msg);
    const IrExpr *r = &tc_let(ir, &body, ir_name(ir, "copy_stored"), x, at)->e;
    for (int l = (int)nl - 1; l >= 0; l--) {
        const IrStmt *loop;
        vec_push(body, ir_yield(ir, 1, &r, at));
        loop = ir_for(ir, FOR_SEQUENTIAL, iv[l], tc_int(ir, 0), tc_int(ir, ext[loops[l]]), tc_int(ir, ch[loops[l]]), 1,
                      (const IrIterArg *const *)&it[l], &ret[l], tc_seq(ir, &body, at), at);
        vec_free(body);
        vec_init(body);
        vec_push(body, loop);
        r = &ret[l]->e;
    }
    vec_push(body, ir_return(ir, 1, &r, at));
    const IrType **rt = arena_array(&ir->arena, 1, sizeof *rt);
    rt[0] = t;
    IrFunc *k = ir_func_new(ir, ir_name(ir, name), FUNC_INCORE, 2, params, 1, rt, tc_seq(ir, &body, at), at);
    vec_free(body);
    return k;
}
