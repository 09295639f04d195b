# gemv, gemv_acc and gemv_bias take acc_phase= (the unit-flag phase of an
# accumulation: "unspecified", "partial", "final"), printed back as given.
# It does not change what they compute; they have no PTO or C++ form yet.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[1, 256], pl.FP16], b: pl.Tensor[[256, 64], pl.FP16], bias: pl.Tensor[[1, 64], pl.FP32],
      out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
    lhs = pl.load(a, [0, 0], [1, 128], target_memory=pl.MemorySpace.Mat)
    rhs = pl.load(b, [0, 0], [128, 64], target_memory=pl.MemorySpace.Mat)
    bias_tile = pl.load(bias, [0, 0], [1, 64], target_memory=pl.MemorySpace.Mat)
    partial = pl.tile.gemv(lhs, rhs, acc_phase="partial")
    total = pl.tile.gemv_acc(partial, lhs, rhs, acc_phase="final")
    biased = pl.tile.gemv_bias(lhs, rhs, bias_tile, acc_phase="unspecified")
    out = pl.store(total, [0, 0], out)
    return pl.store(biased, [0, 0], out)
