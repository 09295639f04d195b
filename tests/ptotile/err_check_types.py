# What seed 05's tile IR has no form for in a kernel's signature and its
# scalar code is reported by the tile IR's lowering (codegen/lower_tir.c)
# before the printer runs (issue 12: no printer fails on user input):
# tensors and tiles of INT4, a tensor with a TensorView, a tile parameter
# with a valid shape, a tensor of rank 0, the scalar ops seed 05 lacks and
# a tuple (reported where it is built, not again where it is unpacked).
# A scalar of a type MLIR lacks is reported where it enters (a parameter, a
# cast), once, as Legalize reports it for the other outputs: the loop that
# carries it and the if that merges it say nothing more.
# The errors of the ops (tests/ptotile/err_*) are still the printer's.
# pyptocc-flags: --emit=pto-tile
import pypto.language as pl


@pl.program
class CheckTypes:
    @pl.function(type=pl.FunctionType.InCore)
    def nibbles(self, a: pl.Tensor[[32, 32], pl.INT4], out: pl.Out[pl.Tensor[[32, 32], pl.INT4]]) -> pl.Tensor[[32, 32], pl.INT4]:
        t = pl.load(a, [0, 0], [32, 32])
        r = pl.store(t, [0, 0], [32, 32], out)
        return r

    @pl.function
    def nibble_tile(self, t: pl.Tile[[32, 32], pl.INT4], q: pl.Scalar[pl.INT4],
                    out: pl.Tensor[[32, 32], pl.INT32]) -> pl.Tensor[[32, 32], pl.INT32]:
        big = pl.block.full([32, 32], 7, dtype=pl.INT32)
        r = pl.store(big, [0, 0], [32, 32], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def nz(self, a: pl.Tensor[[64, 64], pl.FP16, pl.NZ], out: pl.Out[pl.Tensor[[64, 64], pl.FP16]]) -> pl.Tensor[[64, 64], pl.FP16]:
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.store(t, [0, 0], [64, 64], out)
        return r

    @pl.function
    def valid_param(self, t: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(valid_shape=[32, 64])],
                    out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        r = pl.store(t, [0, 0], [64, 64], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def rank0(self, s: pl.Tensor[[], pl.FP32]) -> pl.Tensor[[], pl.FP32]:
        return s

    @pl.function(type=pl.FunctionType.InCore)
    def scalars(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
                n: pl.Scalar[pl.INT64], f: pl.Scalar[pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        g: pl.Scalar[pl.FP32] = f // 2.0
        h: pl.Scalar[pl.FP32] = f ** 2.0
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.muls(t, g)
        v = pl.muls(u, h)
        r = pl.store(v, [0, 0], [64, 64], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def carried(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
                n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        q = pl.cast(n, pl.INT4)
        for i, (s,) in pl.range(0, n, 1, init_values=(q,)):
            s2 = s + s
            s_out = pl.yield_(s2)
        if n > 0:
            w = s_out
            w_out = pl.yield_(w)
        else:
            w = q
            w_out = pl.yield_(w)
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.muls(t, pl.cast(w_out, pl.FP32))
        r = pl.store(u, [0, 0], [64, 64], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def swap(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        a: pl.Scalar[pl.INT64] = 0
        b: pl.Scalar[pl.INT64] = 1
        a, b = b, a + b
        return a
