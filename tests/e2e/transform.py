# Transforms and moves (ops.md 5.1, 5.2, 5.8): transpose of a 16x64 tile,
# reshape to [1, 1024] and back (a second Tile at the same address),
# vec_move, fillpad, and a 1-D tensor loaded as a [256] tile, scaled and
# stored at an offset.
import pypto.language as pl

R = 16
C = 64


@pl.program
class Transform:
    @pl.function(type=pl.FunctionType.InCore)
    def transform(
        self,
        x: pl.Tensor[[R, C], pl.FP32],
        v: pl.Tensor[[512], pl.FP32],
        o_tr: pl.Out[pl.Tensor[[C, R], pl.FP32]],
        o_flat: pl.Out[pl.Tensor[[1, R * C], pl.FP32]],
        o_move: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_pad: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_vec: pl.Out[pl.Tensor[[512], pl.FP32]],
    ) -> pl.Tensor[[C, R], pl.FP32]:
        t = pl.load(x, [0, 0], [R, C])
        r1 = pl.store(pl.transpose(t, 0, 1), [0, 0], [C, R], o_tr)
        flat = pl.reshape(pl.muls(t, 2.0), [1, R * C])
        r2 = pl.store(pl.adds(flat, 1.0), [0, 0], [1, R * C], o_flat)
        back = pl.reshape(flat, [R, C])
        r3 = pl.store(pl.block.vec_move(pl.sub(back, t)), [0, 0], [R, C], o_move)
        r4 = pl.store(pl.block.fillpad(pl.neg(t)), [0, 0], [R, C], o_pad)
        lo = pl.load(v, [0], [256])
        hi = pl.load(v, [256], [256])
        r5 = pl.store(pl.muls(hi, 3.0), [0], [256], o_vec)
        r6 = pl.store(pl.neg(lo), [256], [256], o_vec)
        return r1
