# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# The loop would accumulate into c's Acc buffer while c is still read after
# the loop; an Acc tile cannot be copied (pl.block.vec_move is Vec only), so
# this is an error.
import pypto.language as pl


@pl.program
class AccInit:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32],
          out: pl.Out[pl.Tensor[[64, 64], pl.FP32]], first: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        am = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        bm = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        al = pl.move(am, target_memory=pl.MemorySpace.Left)
        br = pl.move(bm, target_memory=pl.MemorySpace.Right)
        c = pl.matmul(al, br)
        for k, (acc,) in pl.range(0, 4, 1, init_values=(c,)):
            acc2 = pl.matmul_acc(acc, al, br)
            acc_out = pl.yield_(acc2)
        s1 = pl.l0c_store(c, [0, 0], [64, 64], first)
        s = pl.l0c_store(acc_out, [0, 0], [64, 64], out)
        return s
