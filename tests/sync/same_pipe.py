# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,simplify,verify,init_memref,memory_reuse,insert_sync,allocate_memory_addr
# Same-pipe dependencies (rule 3): on V a bar_v before the consumer, once
# however many earlier vector ops it depends on (the sub reads both the
# add and the mul); on M a bar_m (the accumulation reads and rewrites the
# matmul's Acc tile); on the other pipes nothing (the second store writes
# the output tensor the first store wrote, both MTE3).  MemoryReuse puts
# e_0 in a_0's MemRef and d_0 in b_0's, so each store also depends on a
# load (MTE2->MTE3, ids 0 and 1).
import pypto.language as pl


@pl.program
class SamePipe:
    @pl.function(type=pl.FunctionType.InCore)
    def vector(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Tensor[[64, 64], pl.FP32],
               out: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        a = pl.load(x, [0, 0], [64, 64])
        b = pl.load(y, [0, 0], [64, 64])
        c = pl.add(a, b)
        d = pl.mul(c, a)
        e = pl.sub(d, c)
        o1 = pl.store(e, [0, 0], [64, 64], out)
        o2 = pl.store(d, [64, 0], [64, 64], o1)
        return o2

    @pl.function(type=pl.FunctionType.InCore)
    def cube(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16],
             c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a_l1 = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        b_l1 = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        a_l0 = pl.move(a_l1, target_memory=pl.MemorySpace.Left)
        b_l0 = pl.move(b_l1, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(a_l0, b_l0)
        acc2 = pl.matmul_acc(acc, a_l0, b_l0)
        out = pl.l0c_store(acc2, [0, 0], [64, 64], c)
        return out
