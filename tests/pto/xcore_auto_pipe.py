# The cross-core pipe's setup SetupKernelPipes derives for a hand-written
# pair that writes none: no Group names the pair, so it is the program's
# only AIC and only AIV function using the pipe.  The cube pushes four
# products on pipe 1; the vector kernel pops each in a loop, so the free
# SetupKernelPipes adds goes after the tile's last use inside the loop
# body.  Each kernel's setup names pipe 1 (id=1), the buffer named after
# the cube kernel, slot_size one [16, 16] FP32 tile, dir_mask 1.
import pypto.language as pl


@pl.program
class AutoPipeLoop:
    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, a: pl.Tensor[[16, 16], pl.FP16], y: pl.Out[pl.Tensor[[64, 16], pl.FP32]]):
        a_mat = pl.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        a_left = pl.move(a_mat, target_memory=pl.MemorySpace.Left)
        a_right = pl.move(a_mat, target_memory=pl.MemorySpace.Right)
        for i in pl.range(4):
            acc = pl.matmul(a_left, a_right)
            pl.tpush_to_aiv(acc, split=0, id=1)

    @pl.function(type=pl.FunctionType.AIV)
    def vector(
        self, a: pl.Tensor[[16, 16], pl.FP16], y: pl.Out[pl.Tensor[[64, 16], pl.FP32]]
    ) -> pl.Tensor[[64, 16], pl.FP32]:
        for i in pl.range(4):
            prod: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tpop_from_aic(split=0, id=1)
            scaled = pl.mul(prod, 2.0)
            y = pl.store(scaled, [i * 16, 0], y)
        return y
