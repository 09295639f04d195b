# Bad forms of pl.tile.mgather into Mat: each a located error.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(mem: pl.Tensor[[64, 32], pl.FP16], rows: pl.Tensor[[1, 16], pl.INT32], flat: pl.Tensor[[16, 16], pl.INT32],
      col: pl.Tensor[[16, 1], pl.INT32], small: pl.Tensor[[100], pl.FP16], odd: pl.Tensor[[1, 12], pl.INT32],
      tbl: pl.Tensor[[256], pl.FP16], wrong: pl.Tensor[[256], pl.FP32]):
    a = pl.tile.mgather(tbl, flat, coalesce="elem", target_memory=pl.MemorySpace.Mat)
    b = pl.tile.mgather(tbl, flat, coalesce="elem", target_memory=pl.MemorySpace.Mat, scratch=small)
    c = pl.tile.mgather(tbl, flat, coalesce="elem", target_memory=pl.MemorySpace.Mat, scratch=wrong)
    d = pl.tile.mgather(mem, col, target_memory=pl.MemorySpace.Mat)
    e = pl.tile.mgather(mem, odd, target_memory=pl.MemorySpace.Mat)
    f = pl.tile.mgather(mem, rows, target_memory=pl.MemorySpace.Mat, valid_shape=[17, 8])
    g = pl.tile.mgather(mem, rows, target_memory=pl.MemorySpace.Mat, scratch=tbl)
