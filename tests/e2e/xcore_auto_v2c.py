# A hand-written vector/cube pair that sets up no cross-core pipe, both
# directions (SetupKernelPipes: dir_mask 3, the larger tile's slots): the
# vector kernel loads x, doubles it twice (4 x, exact in FP16) and pushes
# it to the cube, which pops it into Mat, multiplies it by w and pushes the
# product back; the vector kernel pops it, subtracts 2 and stores
# y = (4 x) @ w - 2.  Neither kernel reserves, imports, initializes or
# frees anything; pypto's Group calls the vector kernel first.
import pypto.language as pl


@pl.program
class AutoPipeVectorToCube:
    @pl.function(type=pl.FunctionType.AIV)
    def lanes(
        self,
        x: pl.Tensor[[16, 32], pl.FP16],
        w: pl.Tensor[[32, 16], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        t2 = pl.add(t, t)
        t4 = pl.add(t2, t2)
        pl.tpush_to_aic(t4, split=0)
        prod: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tpop_from_aic(split=0)
        r = pl.sub(prod, 2.0)
        out = pl.store(r, [0, 0], y)
        return out

    @pl.function(type=pl.FunctionType.AIC)
    def matmul_core(
        self,
        x: pl.Tensor[[16, 32], pl.FP16],
        w: pl.Tensor[[32, 16], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        x_mat: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tpop_from_aiv(split=0)
        w_mat = pl.load(w, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        x_left = pl.move(x_mat, target_memory=pl.MemorySpace.Left)
        w_right = pl.move(w_mat, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(x_left, w_right)
        pl.tpush_to_aiv(acc, split=0)

    @pl.function(type=pl.FunctionType.Group)
    def pair(
        self,
        x: pl.Tensor[[16, 32], pl.FP16],
        w: pl.Tensor[[32, 16], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        out = self.lanes(x, w, y)
        self.matmul_core(x, w, y)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[16, 32], pl.FP16],
        w: pl.Tensor[[32, 16], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        out = self.pair(x, w, y)
        return out
