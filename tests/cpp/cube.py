# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,simplify,verify,init_memref,memory_reuse,allocate_memory_addr
# A cube kernel (cpp.md 4.3): FP16 loads into Mat at offsets that depend on
# the loop variable, moves to Left and Right, matmul, then matmul_acc in a
# loop that carries the Acc tile (declared before the loop at the init's
# address, cpp.md 4.1; the result is passed twice), a move from Acc to Mat
# and stores from Acc (l0c_store) and from Mat (store).  No vector-mask
# prologue; the orchestration submits it as a PTO2_WORKER_CUBE task.
import pypto.language as pl


@pl.program
class Cube:
    @pl.function(type=pl.FunctionType.InCore)
    def mm(self, a: pl.Tensor[[64, 256], pl.FP16], b: pl.Tensor[[256, 64], pl.FP16],
           c: pl.Out[pl.Tensor[[64, 64], pl.FP32]], d: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a_l1 = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        b_l1 = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        a_l0 = pl.move(a_l1, target_memory=pl.MemorySpace.Left)
        b_l0 = pl.move(b_l1, target_memory=pl.MemorySpace.Right)
        first = pl.matmul(a_l0, b_l0)
        for k, (acc,) in pl.range(1, 4, init_values=(first,)):
            ak = pl.load(a, [0, k * 64], [64, 64], target_memory=pl.MemorySpace.Mat)
            bk = pl.load(b, [k * 64, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
            ak0 = pl.move(ak, target_memory=pl.MemorySpace.Left)
            bk0 = pl.move(bk, target_memory=pl.MemorySpace.Right)
            acc = pl.yield_(pl.matmul_acc(acc, ak0, bk0))
        back = pl.move(acc, target_memory=pl.MemorySpace.Mat)
        out = pl.l0c_store(acc, [0, 0], [64, 64], c)
        out2 = pl.store(back, [0, 0], [64, 64], d)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 256], pl.FP16], b: pl.Tensor[[256, 64], pl.FP16]) -> pl.Tensor[[64, 64], pl.FP32]:
        c = pl.create_tensor([64, 64], dtype=pl.FP32)
        d = pl.create_tensor([64, 64], dtype=pl.FP32)
        c = self.mm(a, b, c, d)
        return c
