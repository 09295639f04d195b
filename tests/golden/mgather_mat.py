# pl.tile.mgather into Mat (pypto DeduceTileMgatherType): a GM INT32 index
# tensor, [1, R] rows of the table (coalesce="row") or [M, N] flat element
# indices staged through a GM scratch tensor (coalesce="elem", scratch=);
# the result an NZ Mat tile, valid_shape= cutting its valid part.  Printed
# back as written; neither output lowers it yet.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(mem: pl.Tensor[[64, 32], pl.FP16], rows: pl.Tensor[[1, 16], pl.INT32], flat: pl.Tensor[[16, 16], pl.INT32],
      scratch: pl.Tensor[[256], pl.FP16], tbl: pl.Tensor[[256], pl.FP16]):
    a = pl.tile.mgather(mem, rows, target_memory=pl.MemorySpace.Mat)
    b = pl.tile.mgather(mem, rows, coalesce="row", gather_oob="zero", target_memory=pl.MemorySpace.Mat,
                        valid_shape=[9, 21])
    c = pl.tile.mgather(tbl, flat, coalesce="elem", target_memory=pl.MemorySpace.Mat, scratch=scratch)
    d = pl.tile.mgather(tbl, flat, coalesce="elem", gather_oob="wrap", target_memory=pl.MemorySpace.Mat,
                        scratch=scratch, valid_shape=[16, 9])
