# pyptocc-flags: --emit=pto
# pl.tile.mgather into Mat (a GM index tensor into an NZ tile) is not
# lowered yet: a located error at the gather, for each of its forms.
import pypto.language as pl


@pl.program
class MgatherMat:
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, mem: pl.Tensor[[64, 32], pl.FP16], idx: pl.Tensor[[1, 16], pl.INT32],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP16]]) -> pl.Tensor[[16, 32], pl.FP16]:
        g = pl.tile.mgather(mem, idx, target_memory=pl.MemorySpace.Mat)
        return pl.store(g, [0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def elems(self, tbl: pl.Tensor[[256], pl.FP16], idx: pl.Tensor[[16, 16], pl.INT32],
              scratch: pl.Tensor[[256], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]) -> pl.Tensor[[16, 16], pl.FP16]:
        g = pl.tile.mgather(tbl, idx, coalesce="elem", target_memory=pl.MemorySpace.Mat, scratch=scratch)
        return pl.store(g, [0, 0], out)
