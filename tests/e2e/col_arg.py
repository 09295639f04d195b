# col_argmax and col_argmin: the row index of each column's extremum, an
# INT32 [1, N] (TCOLARGMAX, TCOLARGMIN), on tiles (with the user's scratch
# where it holds what the A2/A3 instruction keeps there, a fresh one where
# it is one row too small) and on tensors (ConvertTensorToBlockOps makes
# the scratch).  The reference picks the first of equal elements, as
# pto-isa does.
import pypto.language as pl


@pl.program
class ColArg:
    @pl.function(type=pl.FunctionType.InCore)
    def tiles(
        self,
        x: pl.Tensor[[32, 128], pl.FP32],
        imax: pl.Out[pl.Tensor[[1, 128], pl.INT32]],
        imin: pl.Out[pl.Tensor[[1, 128], pl.INT32]],
    ) -> tuple[pl.Tensor[[1, 128], pl.INT32], pl.Tensor[[1, 128], pl.INT32]]:
        t = pl.load(x, [0, 0], [32, 128])
        tmp = pl.tile.create([32, 128], dtype=pl.FP32)
        row = pl.tile.create([1, 128], dtype=pl.FP32)
        a = pl.tile.col_argmax(t, tmp)
        b = pl.col_argmin(t, row)
        imax = pl.store(a, [0, 0], imax)
        imin = pl.store(b, [0, 0], imin)
        return imax, imin

    @pl.function(type=pl.FunctionType.InCore)
    def tensors(self, y: pl.Tensor[[16, 64], pl.FP16], jmin: pl.Out[pl.Tensor[[1, 64], pl.INT32]]) -> pl.Tensor[[1, 64], pl.INT32]:
        jmin = pl.assemble(jmin, pl.col_argmin(pl.mul(y, y)), [0, 0])
        return jmin

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[32, 128], pl.FP32],
        y: pl.Tensor[[16, 64], pl.FP16],
        imax: pl.Out[pl.Tensor[[1, 128], pl.INT32]],
        imin: pl.Out[pl.Tensor[[1, 128], pl.INT32]],
        jmin: pl.Out[pl.Tensor[[1, 64], pl.INT32]],
    ) -> tuple[pl.Tensor[[1, 128], pl.INT32], pl.Tensor[[1, 128], pl.INT32], pl.Tensor[[1, 64], pl.INT32]]:
        imax, imin = self.tiles(x, imax, imin)
        jmin = self.tensors(y, jmin)
        return imax, imin, jmin
