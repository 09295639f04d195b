# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# A K loop accumulating in Acc: matmul_acc shares its accumulator's MemRef,
# which is the iter_arg's, which is the init value's, so the yield needs no
# fix-up and one Acc buffer holds the sum.  The loads and moves inside the
# loop reuse the MemRefs of those before it (dead by then): each space
# needs one buffer of each operand.
import pypto.language as pl


@pl.program
class KLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def matmul(
        self,
        a: pl.Tensor[[64, 256], pl.FP16],
        b: pl.Tensor[[256, 64], pl.FP16],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        a_l1 = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        b_l1 = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        a_l0 = pl.move(a_l1, target_memory=pl.MemorySpace.Left)
        b_l0 = pl.move(b_l1, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(a_l0, b_l0)
        for k in pl.range(1, 4):
            ak_l1 = pl.load(a, [0, k * 64], [64, 64], target_memory=pl.MemorySpace.Mat)
            bk_l1 = pl.load(b, [k * 64, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
            ak_l0 = pl.move(ak_l1, target_memory=pl.MemorySpace.Left)
            bk_l0 = pl.move(bk_l1, target_memory=pl.MemorySpace.Right)
            acc = pl.matmul_acc(acc, ak_l0, bk_l0)
        out = pl.l0c_store(acc, [0, 0], [64, 64], c)
        return out
