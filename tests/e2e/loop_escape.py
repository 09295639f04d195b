# Names defined inside a loop body and used after the loop (item 1 of
# issue 15): as in Python, they have the value of the last iteration.
#  - t (a tile), s (a scalar) and the inner loop variable j escape two
#    loops with constant bounds: t is rows 48..63 of x, s = 1 * 4 + 3,
#    j = 48;
#  - out, a store's result, escapes a loop of n iterations (n = 3 here;
#    with n = 0 it would be y itself, which the store aliases).
# The reference (pypto fa5f00b9) accepts this: its system test
# tests/st/runtime/test_ctrl_flow.py (TestForLoopAdd, TestForLoopMul) runs
# on the device a kernel that stores inside `for i in pl.range(1)` and
# returns the store's result after the loop.
import pypto.language as pl


@pl.program
class LoopEscape:
    @pl.function(type=pl.FunctionType.InCore)
    def loop_escape(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        n: pl.Scalar[pl.INT64],
        y: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
        z: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        for i in pl.range(2):
            for j in pl.range(0, 64, 16):
                t = pl.load(x, [j, 0], [16, 64])
                s = i * 4 + j // 16
        u = pl.adds(t, s)
        for k in pl.range(n):
            r = pl.muls(u, k)
            out = pl.store(r, [0, 0], [16, 64], y)
        w = pl.adds(u, j)
        z_out = pl.store(w, [0, 0], [16, 64], z)
        return out
