# pyptocc-flags: -O0
# The loop of an element-wise kernel at -O0 (loop_O0, loop_O1 and loop_O2
# are one program): y = exp(x) + b over four 16x64 row blocks.
#  -O0: pipe_barrier(PIPE_ALL) opens every iteration and follows the loop.
#  -O1: flag pairs only, also across iterations: the loads of block i+1
#   wait for the add of block i (V->MTE2), the exp of i+1 for the store of
#   i (MTE3->V); the flags are set before the loop and waited for after it.
#  -O2: SoftwarePipeline: two blocks per iteration, the second (pong) on
#   its own buffers and event ids, so that the loads of one block and the
#   store of the one before overlap the vector work between them.
# The MLIR is the same at -O0 and -O1 (PTOAS synchronises it); at -O2 the
# loop is unrolled onto the ping-pong buffers.
import pypto.language as pl


@pl.program
class Loop:
    @pl.function(type=pl.FunctionType.InCore)
    def loop(self, x: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32],
             y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i, (acc,) in pl.range(0, 64, 16, init_values=(y,)):
            t = pl.load(x, [i, 0], [16, 64])
            u = pl.load(b, [i, 0], [16, 64])
            r = pl.add(pl.exp(t), u)
            s = pl.store(r, [i, 0], [16, 64], acc)
            acc = pl.yield_(s)
        return acc
