# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,simplify,verify,init_memref,memory_reuse,insert_sync,allocate_memory_addr
# Write-after-read and write-after-write hazards (rule 2), on storage that
# MemoryReuse shares between tiles whose lifetimes do not overlap.
#  war: b_0 takes a_0's MemRef, so the second load overwrites what the
#   first exp read (V->MTE2 before it), and f_0 takes e_0's, so the second
#   exp overwrites what the first store read (MTE3->V) and what the first
#   exp wrote (V: a bar_v).
#  waw: c_0 takes a_0's MemRef.  The exp reads b_0 (loaded first) but
#   overwrites a_0 (loaded second), so its MTE2->V pair starts after the
#   second load; the store that read a_0 gives MTE3->V.
#  out_tensor: the Mat tile's store (MTE3) and the Acc tile's l0c_store
#   (FIX) both write c: MTE3->FIX, beside the M->FIX pair of the matmul.
#  raw_ddr: a load from the tensor a store wrote waits for the store
#   (MTE3->MTE2), and the second store to that tensor waits for the load
#   that read it (MTE2->MTE3, write-after-read in global memory).
import pypto.language as pl


@pl.program
class Hazards:
    @pl.function(type=pl.FunctionType.InCore)
    def war(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Tensor[[64, 64], pl.FP32],
            o1: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
            o2: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a = pl.load(x, [0, 0], [64, 64])
        e = pl.exp(a)
        r1 = pl.store(e, [0, 0], [64, 64], o1)
        b = pl.load(y, [0, 0], [64, 64])
        f = pl.exp(b)
        r2 = pl.store(f, [0, 0], [64, 64], o2)
        return r2

    @pl.function(type=pl.FunctionType.InCore)
    def waw(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Tensor[[64, 64], pl.FP32],
            o1: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
            o2: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        b = pl.load(y, [0, 0], [64, 64])
        a = pl.load(x, [0, 0], [64, 64])
        r1 = pl.store(a, [0, 0], [64, 64], o1)
        c = pl.exp(b)
        r2 = pl.store(c, [0, 0], [64, 64], o2)
        return r2

    @pl.function(type=pl.FunctionType.InCore)
    def out_tensor(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16],
                   c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a_l1 = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        b_l1 = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        early = pl.store(a_l1, [0, 0], [64, 64], c)
        a_l0 = pl.move(a_l1, target_memory=pl.MemorySpace.Left)
        b_l0 = pl.move(b_l1, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(a_l0, b_l0)
        late = pl.l0c_store(acc, [0, 0], [64, 64], early)
        return late

    @pl.function(type=pl.FunctionType.InCore)
    def raw_ddr(self, x: pl.Tensor[[64, 64], pl.FP32],
                o: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a = pl.load(x, [0, 0], [64, 64])
        r1 = pl.store(a, [0, 0], [64, 64], o)
        b = pl.load(r1, [0, 0], [64, 64])
        c = pl.neg(b)
        r2 = pl.store(c, [0, 0], [64, 64], r1)
        return r2
