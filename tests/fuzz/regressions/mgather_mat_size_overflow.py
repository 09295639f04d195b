# Found probing tile.mgather into Mat: the element gather multiplied the
# scratch's extents and the indices' [M, N] in int64_t without a check
# (signed overflow, UBSan), and a [1, 0] row index gave a Mat tile of no
# rows.  Sizes are now checked products, and the result's extents must be
# positive.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(tbl: pl.Tensor[[256], pl.FP16], flat: pl.Tensor[[4294967296, 4294967296], pl.INT32],
      scratch: pl.Tensor[[4294967296, 4294967296, 16], pl.FP16], small: pl.Tensor[[256], pl.FP16],
      mem: pl.Tensor[[64, 32], pl.FP16], none: pl.Tensor[[1, 0], pl.INT32]):
    a = pl.tile.mgather(tbl, flat, coalesce="elem", target_memory=pl.MemorySpace.Mat, scratch=scratch)
    b = pl.tile.mgather(tbl, flat, coalesce="elem", target_memory=pl.MemorySpace.Mat, scratch=small)
    c = pl.tile.mgather(mem, none, target_memory=pl.MemorySpace.Mat)
