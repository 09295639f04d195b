# A multi-rank program whose host function takes scalars (pypto-lib's
# layer_id and num_tokens), given on the command line as NAME=VALUE: the
# layer selects a slice of the weights, the token count bounds the rows
# the kernel writes, and the host passes each to the orchestration as it
# is and in a scalar of the rank (r + 10 * layer_id):
#   y[r, i] = x[r, i] + w[LROWS * layer_id + i] + r + 10 * layer_id, i < num_tokens
# and 0 below.  tests/ranks.test runs it on 1 and 2 ranks and checks
# that a scalar not given, or not a number, is an error naming it.
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")
LAYERS = 4
LROWS = 8
COLS = 32


@pl.jit.incore
def add_layer(
    x: pl.Tensor[[LROWS, COLS], pl.FP32],
    w: pl.Tensor[[LAYERS * LROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[LROWS, COLS], pl.FP32]],
    layer: pl.Scalar[pl.INT32],
    ntok: pl.Scalar[pl.INT32],
    k: pl.Scalar[pl.INT32],
):
    kf = pl.cast(k, target_type=pl.FP32)
    for i in pl.range(ntok):
        a = pl.load(x, [i, 0], [1, COLS])
        b = pl.load(w, [layer * LROWS + i, 0], [1, COLS])
        y = pl.store(pl.adds(pl.add(a, b), kf), [i, 0], y)
    return y


@pl.jit
def per_rank(x, w, y, layer: pl.Scalar[pl.INT32], ntok: pl.Scalar[pl.INT32], k: pl.Scalar[pl.INT32]):
    return add_layer(x, w, y, layer, ntok, k)


@pl.jit.host
def host_scalar(
    x: pl.Tensor[[NR, LROWS, COLS], pl.FP32],
    w: pl.Tensor[[LAYERS * LROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[NR, LROWS, COLS], pl.FP32]],
    layer_id: pl.Scalar[pl.INT32],
    num_tokens: pl.Scalar[pl.INT32],
):
    for r in pl.range(pld.world_size()):
        per_rank(x[r], w, y[r], layer_id, num_tokens, r + layer_id * 10, device=r)
