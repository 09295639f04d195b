# A multi-rank program for tests/ranks.test: pld.tensor.allreduce of
# windows of rank 3 (LowerCollectives' mesh runs a loop per index of the
# leading dimension and reduces the last two in chunks), of a window valid
# in part (its view's valid_shape: only that part is combined, the rest
# keeps this rank's values), and of a window whose columns are known only
# at run time (16-KiB chunks, the last the valid part of its tile).  With
# x[r] this rank's [2, 8, 40] input and v[r] its [1, NC] one (NC is 5000 here:
# the kernels are compiled for any):
#   y[r] = the sum over the ranks of x
#   z[r] = their maximum in [0:1, 0:5, 0:12], x[r] elsewhere
#   w[r] = the sum over the ranks of v
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")
NC = pl.dynamic("NC")
CN = 5000
B = 2
ROWS = 8
COLS = 40


@pl.jit.incore
def reduce_nd(
    x: pl.Tensor[[B, ROWS, COLS], pl.FP32],
    v: pl.Tensor[[1, NC], pl.FP32],
    y: pl.Out[pl.Tensor[[B, ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[B, ROWS, COLS], pl.FP32]],
    w: pl.Out[pl.Tensor[[1, NC], pl.FP32]],
    a: pld.DistributedTensor[[B, ROWS, COLS], pl.FP32],
    b: pld.DistributedTensor[
        [B, ROWS, COLS], pl.FP32, pl.TensorView(valid_shape=[1, 5, 12], stride=[], layout=pl.TensorLayout.ND)
    ],
    c: pld.DistributedTensor[[1, NC], pl.FP32],
    sig: pld.DistributedTensor[[NR, 1], pl.INT32],
):
    for i in pl.range(B):
        t = pl.load(x, [i, 0, 0], [1, ROWS, COLS])
        a = pl.store(t, [i, 0, 0], a)
        b = pl.store(t, [i, 0, 0], b)
    for j in pl.range(0, NC, 1024):
        u = pl.load(v, [0, j], [1, 1024], valid_shape=[1, pl.min(1024, NC - j)])
        c = pl.store(u, [0, j], [1, 1024], c)
    a = pld.tensor.allreduce(a, sig, op=pld.ReduceOp.Sum)
    b = pld.tensor.allreduce(b, sig, op=pld.ReduceOp.Max)
    c = pld.tensor.allreduce(c, sig, op=pld.ReduceOp.Sum)
    for i in pl.range(B):
        s = pl.load(a, [i, 0, 0], [1, ROWS, COLS])
        y = pl.store(s, [i, 0, 0], y)
        m = pl.load(b, [i, 0, 0], [1, ROWS, COLS])
        z = pl.store(m, [i, 0, 0], z)
    for j in pl.range(0, NC, 1024):
        g = pl.load(c, [0, j], [1, 1024], valid_shape=[1, pl.min(1024, NC - j)])
        w = pl.store(g, [0, j], [1, 1024], w)
    return y, z, w


@pl.jit
def per_rank(
    x: pl.Tensor[[B, ROWS, COLS], pl.FP32],
    v: pl.Tensor[[1, NC], pl.FP32],
    y: pl.Out[pl.Tensor[[B, ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[B, ROWS, COLS], pl.FP32]],
    w: pl.Out[pl.Tensor[[1, NC], pl.FP32]],
    a: pld.DistributedTensor[[B, ROWS, COLS], pl.FP32],
    b: pld.DistributedTensor[[B, ROWS, COLS], pl.FP32],
    c: pld.DistributedTensor[[1, NC], pl.FP32],
    sig: pld.DistributedTensor[[NR, 1], pl.INT32],
):
    y, z, w = reduce_nd(x, v, y, z, w, a, b, c, sig)
    return y, z, w


@pl.jit.host
def allreduce_nd(
    x: pl.Tensor[[NR, B, ROWS, COLS], pl.FP32],
    v: pl.Tensor[[NR, 1, CN], pl.FP32],
    y: pl.Out[pl.Tensor[[NR, B, ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[NR, B, ROWS, COLS], pl.FP32]],
    w: pl.Out[pl.Tensor[[NR, 1, CN], pl.FP32]],
):
    n = pld.world_size()
    a_buf = pld.alloc_window_buffer([B, ROWS, COLS], dtype=pl.FP32)
    b_buf = pld.alloc_window_buffer([B, ROWS, COLS], dtype=pl.FP32)
    c_buf = pld.alloc_window_buffer([1, CN], dtype=pl.FP32)
    sig_buf = pld.alloc_window_buffer(n * 4)
    a = pld.window(a_buf, [B, ROWS, COLS], dtype=pl.FP32)
    b = pld.window(b_buf, [B, ROWS, COLS], dtype=pl.FP32)
    c = pld.window(c_buf, [1, CN], dtype=pl.FP32)
    for r in pl.range(n):
        sig = pld.window(sig_buf, [n, 1], dtype=pl.INT32)
        per_rank(x[r], v[r], y[r], z[r], w[r], a, b, c, sig, device=r)
