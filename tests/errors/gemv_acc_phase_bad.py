# acc_phase= is "unspecified", "partial" or "final".
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[1, 128], pl.FP16], b: pl.Tensor[[128, 64], pl.FP16], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
    lhs = pl.load(a, [0, 0], [1, 128], target_memory=pl.MemorySpace.Mat)
    rhs = pl.load(b, [0, 0], [128, 64], target_memory=pl.MemorySpace.Mat)
    g = pl.tile.gemv(lhs, rhs, acc_phase="middle")
    return pl.store(g, [0, 0], out)
