# Element writes inside kernels that also carry a tile through their loop
# (which the orchestration could not take over), into an Out tensor of
# 24-byte rows, in both branches of an if of the orchestration: the
# kernels write the tensor in place, and the orchestration sees through
# their element writes (block.gm_write) that the if gives the parameter's
# own buffer, so nothing copies it back (a copy of 6-element rows is no
# legal tile on a2a3).
import pypto.language as pl

T = 8
K = 6


@pl.jit
def write_in_place(x: pl.Tensor[[T, 64], pl.FP32], n: pl.Scalar[pl.INDEX],
                   idx: pl.Out[pl.Tensor[[T, K], pl.INT32]], s: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
    if n > 4:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="sum_rows"):
            acc = pl.tile.full([1, 64], dtype=pl.FP32, value=0.0)
            for t in pl.range(T):
                acc = pl.add(acc, pl.load(x, [t, 0], [1, 64]))
                for k in pl.range(K):
                    pl.write(idx, [t, k], pl.cast(t * 10 + k, pl.INT32))
            s = pl.store(acc, [0, 0], s)
    else:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="zero_rows"):
            prod = pl.tile.full([1, 64], dtype=pl.FP32, value=1.0)
            for t in pl.range(T):
                prod = pl.mul(prod, 2.0)
                for k in pl.range(K):
                    pl.write(idx, [t, k], pl.cast(0, pl.INT32))
            s = pl.store(prod, [0, 0], s)
    return idx, s
