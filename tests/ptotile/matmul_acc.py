# Cube kernels: TMATMUL_ACC accumulating in a loop (the Acc tile carried by
# scf.for), an Acc to Vec move (mov.a2v), gemv and gemv.acc, and a store
# from Acc through block.l0c_store.
import pypto.language as pl


@pl.program
class MatmulAcc:
    @pl.function(type=pl.FunctionType.InCore)
    def matmul_acc(self, a: pl.Tensor[[64, 256], pl.FP16], b: pl.Tensor[[256, 64], pl.FP16],
                   c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a0 = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        b0 = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        acc0 = pl.matmul(pl.move(a0, target_memory=pl.MemorySpace.Left), pl.move(b0, target_memory=pl.MemorySpace.Right))
        for k, (acc,) in pl.range(1, 4, 1, init_values=(acc0,)):
            ak = pl.load(a, [0, k * 64], [64, 64], target_memory=pl.MemorySpace.Mat)
            bk = pl.load(b, [k * 64, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
            acc_next = pl.matmul_acc(acc, pl.move(ak, target_memory=pl.MemorySpace.Left),
                                     pl.move(bk, target_memory=pl.MemorySpace.Right))
            acc_out = pl.yield_(acc_next)
        v = pl.move(acc_out, target_memory=pl.MemorySpace.Vec)
        out = pl.store(v, [0, 0], [64, 64], c)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def gemv(self, x: pl.Tensor[[1, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], y: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        tx = pl.move(pl.load(x, [0, 0], [1, 64], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Left)
        tw = pl.move(pl.load(w, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Right)
        r = pl.block.gemv(tx, tw)
        r2 = pl.block.gemv_acc(r, tx, tw)
        out = pl.l0c_store(r2, [0, 0], [1, 64], y)
        return out
