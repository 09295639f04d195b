# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,simplify,verify,init_memref,memory_reuse,allocate_memory_addr --emit=pto
# One error per mistake in the MLIR emitter too: a move it cannot spell
# (Mat to Vec on A2/A3, here without Legalize and InitMemRef's check in the
# pipeline) leaves its tile poisoned, and the loop that carries it and the
# store say nothing more (they said "'u_0' has no value here" and "a tile
# variable is expected here").
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(a: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INT64],
      o: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    t = pl.load(a, [0, 0], [64, 64])
    m = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
    u = pl.move(m, target_memory=pl.MemorySpace.Vec)
    for i, (acc,) in pl.range(0, n, 1, init_values=(u,)):
        acc = pl.yield_(pl.add(acc, t))
    s = pl.store(acc, [0, 0], [64, 64], o)
    return s
