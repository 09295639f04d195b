# pyptocc-flags: --emit=cpp --passes=convert_to_ssa,flatten_call_expr,simplify,verify,init_memref,memory_reuse,allocate_memory_addr
# (Without Legalize, which reports the NZ tensor at the parameter for every
# output since: this test is about the emitter's own defence.)
# One error per mistake: a load the C++ output cannot spell (an NZ tensor)
# leaves its tile poisoned, and the moves, the matmul and the store that
# use it say nothing more (they said "'a_0' has no value here" and
# "'a_0' is not a tile" six times).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[64, 64], pl.FP16, pl.NZ], o: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    a = pl.load(x, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
    l = pl.move(a, target_memory=pl.MemorySpace.Left)
    r = pl.move(a, target_memory=pl.MemorySpace.Right)
    c = pl.matmul(l, r)
    s = pl.l0c_store(c, [0, 0], [64, 64], o)
    return s
