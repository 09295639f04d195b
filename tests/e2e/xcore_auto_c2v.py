# A hand-written cube/vector pair that sets up no cross-core pipe
# (SetupKernelPipes gives it the setup ExpandMixedKernel derives): the cube
# multiplies a by b and pushes the FP32 product to the vector kernel, which
# pops it, scales it by 0.5 and stores y = 0.5 (a @ b).  Neither kernel
# reserves, imports, initializes or frees anything.
import pypto.language as pl


@pl.program
class AutoPipeCubeToVector:
    @pl.function(type=pl.FunctionType.AIC)
    def cube(
        self,
        a: pl.Tensor[[16, 32], pl.FP16],
        b: pl.Tensor[[32, 32], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ):
        a_mat = pl.load(a, [0, 0], [16, 32], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat)
        a_left = pl.move(a_mat, target_memory=pl.MemorySpace.Left)
        b_right = pl.move(b_mat, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(a_left, b_right)
        pl.tpush_to_aiv(acc, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def vector(
        self,
        a: pl.Tensor[[16, 32], pl.FP16],
        b: pl.Tensor[[32, 32], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        prod: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tpop_from_aic(split=0)
        half = pl.mul(prod, 0.5)
        out = pl.store(half, [0, 0], y)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def group(
        self,
        a: pl.Tensor[[16, 32], pl.FP16],
        b: pl.Tensor[[32, 32], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        self.cube(a, b, y)
        out = self.vector(a, b, y)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[16, 32], pl.FP16],
        b: pl.Tensor[[32, 32], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        out = self.group(a, b, y)
        return out
