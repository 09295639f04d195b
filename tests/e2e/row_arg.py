# row_argmax and row_argmin: the column index of each row's extremum, an
# INT32 [M, 1] (TROWARGMAX, TROWARGMIN), on tiles (with the scratch tile
# of the source's type) and on tensors (ConvertTensorToBlockOps makes the
# scratch).  The reference picks the first of equal elements, as pto-isa.
import pypto.language as pl


@pl.program
class RowArg:
    @pl.function(type=pl.FunctionType.InCore)
    def tiles(
        self,
        x: pl.Tensor[[16, 64], pl.FP32],
        imax: pl.Out[pl.Tensor[[16, 1], pl.INT32]],
        imin: pl.Out[pl.Tensor[[16, 1], pl.INT32]],
    ) -> tuple[pl.Tensor[[16, 1], pl.INT32], pl.Tensor[[16, 1], pl.INT32]]:
        t = pl.load(x, [0, 0], [16, 64])
        tmp = pl.tile.create([16, 64], dtype=pl.FP32)
        a = pl.tile.row_argmax(t, tmp)
        b = pl.row_argmin(t, tmp)
        imax = pl.store(a, [0, 0], imax)
        imin = pl.store(b, [0, 0], imin)
        return imax, imin

    @pl.function(type=pl.FunctionType.InCore)
    def tensors(self, y: pl.Tensor[[32, 128], pl.FP16], jmax: pl.Out[pl.Tensor[[32, 1], pl.INT32]]) -> pl.Tensor[[32, 1], pl.INT32]:
        jmax = pl.assemble(jmax, pl.row_argmax(pl.mul(y, y)), [0, 0])
        return jmax

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[16, 64], pl.FP32],
        y: pl.Tensor[[32, 128], pl.FP16],
        imax: pl.Out[pl.Tensor[[16, 1], pl.INT32]],
        imin: pl.Out[pl.Tensor[[16, 1], pl.INT32]],
        jmax: pl.Out[pl.Tensor[[32, 1], pl.INT32]],
    ) -> tuple[pl.Tensor[[16, 1], pl.INT32], pl.Tensor[[16, 1], pl.INT32], pl.Tensor[[32, 1], pl.INT32]]:
        imax, imin = self.tiles(x, imax, imin)
        jmax = self.tensors(y, jmax)
        return imax, imin, jmax
