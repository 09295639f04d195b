# tile.mgather into Mat beside its Vec form, then moved on to a matmul.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def gather(mem: pl.Tensor[[64, 32], pl.FP16], rows: pl.Tensor[[1, 16], pl.INT32], idx: pl.Tensor[[32, 32], pl.INT32],
           flat: pl.Tensor[[16, 32], pl.INT32], scratch: pl.Tensor[[512], pl.FP16], tbl: pl.Tensor[[1024], pl.FP16],
           out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
    a = pl.tile.mgather(mem, rows, coalesce="row", target_memory=pl.MemorySpace.Mat, valid_shape=[16, 32])
    c = pl.tile.mgather(tbl, flat, coalesce="elem", gather_oob="clamp", target_memory=pl.MemorySpace.Mat,
                        scratch=scratch, valid_shape=[12, 32])
    l = pl.move(a, target_memory=pl.MemorySpace.Left)
    return out
