# A multi-rank program for tests/ranks.test: pld.tile.remote_store and
# pld.tile.remote_load of tiles of rank 3 (FlattenTileNdTo2D: their 2-D
# forms, moved with the window's rank, as loads and stores are).  Each
# index i of the leading dimension of x[r] [2, 8, 32] is a [1, 8, 32]
# tile: stored into the next rank's window `got`, and read from the next
# rank's window `mine` (where that rank staged its own x): y[r] = x[r - 1],
# z[r] = x[r + 1].
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")
B = 2
ROWS = 8
COLS = 32


@pl.jit.incore
def shift_nd(
    x: pl.Tensor[[B, ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[B, ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[B, ROWS, COLS], pl.FP32]],
    got: pld.DistributedTensor[[B, ROWS, COLS], pl.FP32],
    mine: pld.DistributedTensor[[B, ROWS, COLS], pl.FP32],
    sig: pld.DistributedTensor[[NR, 1], pl.INT32],
):
    ctx = pld.get_comm_ctx(got)
    nxt = (pld.rank(ctx) + 1) % pld.nranks(ctx)
    for i in pl.range(B):
        t = pl.load(x, [i, 0, 0], [1, ROWS, COLS])
        mine = pl.store(t, [i, 0, 0], mine)
        pld.tile.remote_store(t, target=got, peer=nxt, offsets=[i, 0, 0])
    sig = pld.tensor.barrier(sig)
    for i in pl.range(B):
        u = pld.tile.remote_load(mine, peer=nxt, offsets=[i, 0, 0], shape=[1, ROWS, COLS])
        z = pl.store(u, [i, 0, 0], z)
        v = pl.load(got, [i, 0, 0], [1, ROWS, COLS])
        y = pl.store(v, [i, 0, 0], y)
    return y, z


@pl.jit
def per_rank(
    x: pl.Tensor[[B, ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[B, ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[B, ROWS, COLS], pl.FP32]],
    got: pld.DistributedTensor[[B, ROWS, COLS], pl.FP32],
    mine: pld.DistributedTensor[[B, ROWS, COLS], pl.FP32],
    sig: pld.DistributedTensor[[NR, 1], pl.INT32],
):
    y, z = shift_nd(x, y, z, got, mine, sig)
    return y, z


@pl.jit.host
def tile_nd(
    x: pl.Tensor[[NR, B, ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[NR, B, ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[NR, B, ROWS, COLS], pl.FP32]],
):
    n = pld.world_size()
    got_buf = pld.alloc_window_buffer([B, ROWS, COLS], dtype=pl.FP32)
    mine_buf = pld.alloc_window_buffer([B, ROWS, COLS], dtype=pl.FP32)
    sig_buf = pld.alloc_window_buffer(n * 4)
    got = pld.window(got_buf, [B, ROWS, COLS], dtype=pl.FP32)
    mine = pld.window(mine_buf, [B, ROWS, COLS], dtype=pl.FP32)
    for r in pl.range(n):
        sig = pld.window(sig_buf, [n, 1], dtype=pl.INT32)
        per_rank(x[r], y[r], z[r], got, mine, sig, device=r)
