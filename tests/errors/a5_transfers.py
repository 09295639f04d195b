# pyptocc-flags: --arch=a5 --emit=pto
# A5 moves and stores fewer pairs of spaces than A2/A3 (PTOAS's tmov and
# tstore verifiers, the same table in targets/arch.c): no TSTORE from Mat and
# no TMOV from Mat to Vec.  Found by fuzz_pipeline's MLIR oracle on the
# A5 half of its inputs.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(a: pl.Tensor[[64, 64], pl.FP32], c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
      d: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    m = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
    out = pl.store(m, [0, 0], [64, 64], c)
    v = pl.move(m, target_memory=pl.MemorySpace.Vec)
    out2 = pl.store(v, [0, 0], [64, 64], d)
    return out2
