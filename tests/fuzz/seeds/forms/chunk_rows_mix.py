# pyptocc-flags: -O2
# Straight-line vector kernels of several shapes and types for ChunkRows.
import pypto.language as pl


@pl.program
class ChunkMix:
    @pl.function(type=pl.FunctionType.InCore)
    def half(self, x: pl.Tensor[[64, 128], pl.FP16], v: pl.Tensor[[64, 1], pl.FP32],
             y: pl.Out[pl.Tensor[[64, 128], pl.FP16]]) -> pl.Tensor[[64, 128], pl.FP16]:
        t = pl.load(x, [0, 0], [64, 128])
        f = pl.cast(t, target_type=pl.FP32)
        w = pl.load(v, [0, 0], [64, 1])
        u = pl.row_expand_mul(pl.exp(f), w)
        s = pl.row_sum(u, pl.create_tile([64, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec))
        r = pl.row_expand_div(u, s)
        return pl.store(pl.cast(r, target_type=pl.FP16, mode="round"), [0, 0], [64, 128], y)

    @pl.function(type=pl.FunctionType.InCore)
    def two_in(self, a: pl.Tensor[[96, 64], pl.FP32], b: pl.Tensor[[96, 64], pl.FP32], k: pl.Scalar[pl.FP32],
               y: pl.Out[pl.Tensor[[96, 64], pl.FP32]], z: pl.Out[pl.Tensor[[96, 64], pl.FP32]]):
        p = pl.load(a, [0, 0], [96, 64])
        q = pl.load(b, [0, 0], [96, 64])
        m = pl.maximum(p, q)
        d = pl.sub(pl.exp(p), pl.mul(q, k))
        y1 = pl.store(pl.sqrt(pl.abs(d)), [0, 0], [96, 64], y)
        z1 = pl.store(pl.add(m, d), [0, 0], [96, 64], z)
        return y1, z1

    @pl.function(type=pl.FunctionType.InCore)
    def tmp_add(self, x: pl.Tensor[[128, 64], pl.FP32], v: pl.Tensor[[128, 1], pl.FP32],
                out: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        xt = pl.load(x, [0, 0], [128, 64])
        vt = pl.load(v, [0, 0], [128, 1])
        tmp = pl.tile.create([128, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        e = pl.exp(pl.tile.row_expand_add(xt, vt, tmp))
        return pl.store(pl.mul(e, e), [0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def looped(self, x: pl.Tensor[[512, 64], pl.FP32], y: pl.Out[pl.Tensor[[512, 64], pl.FP32]]) -> pl.Tensor[[512, 64], pl.FP32]:
        for i, (acc,) in pl.range(0, 512, 256, init_values=(y,), attrs={"pipeline_overlap_stores": True}):
            t = pl.load(x, [i + 0, 0], [256, 64])
            mx = pl.row_max(t, pl.create_tile([256, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec))
            e = pl.exp(pl.row_expand_sub(t, mx))
            s = pl.store(e, [i, 0], [256, 64], acc)
            acc = pl.yield_(s)
        return acc

    @pl.function(type=pl.FunctionType.InCore)
    def partial(self, x: pl.Tensor[[64, 128], pl.FP32], y: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 128], valid_shape=[60, 128])
        u = pl.exp(pl.exp(pl.exp(t)))
        return pl.store(pl.add(u, t), [0, 0], [60, 128], y)

    @pl.function(type=pl.FunctionType.InCore)
    def halves(self, x: pl.Tensor[[128, 64], pl.FP32], y: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        t = pl.load(x, [0, 0], [128, 64])
        u = pl.exp(pl.neg(pl.exp(t)))
        y1 = pl.store(u, [0, 0], [128, 64], y)
        y2 = pl.store(pl.exp(u), [0, 64], [128, 64], y1)
        return y2
