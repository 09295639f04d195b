# col_argmax's scratch tile has the source's element type (pto-isa's
# TCOLARGMAX); the tensor form needs two dimensions to reduce the second
# to last of.
import pypto.language as pl


@pl.program
class ColArg:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.INT32]]) -> pl.Tensor[[1, 64], pl.INT32]:
        t = pl.load(x, [0, 0], [16, 64])
        a = pl.tile.col_argmax(t, pl.tile.create([16, 64], dtype=pl.FP16))
        out = pl.store(a, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def v(self, y: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.INT32]]) -> pl.Tensor[[1, 64], pl.INT32]:
        out = pl.assemble(out, pl.col_argmin(y), [0, 0])
        return out
