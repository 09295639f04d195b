# pyptocc-flags: --passes=convert_to_ssa
# A name defined inside a loop body and used after the loop has, as in
# Python, the value of the last iteration: the loop carries it out as one
# more iter_arg, sorted with the other carried names.  Its initial value is
# only read when the loop runs zero times:
#  - a loop with constant bounds runs at least once, and the initial value
#    is a placeholder: a zero scalar (s, j), a new tile in the tile's memory
#    space (t), a new tensor (result);
#  - a store's result is its output tensor, which is its initial value
#    whatever the trip count (out in a loop of n iterations, w in a while);
#  - a name escaping two loops is carried by both (t, s, j); the inner loop
#    variable j, carried by the outer loop, starts the inner loop with that
#    value;
#  - a loop variable that had a value before its loop keeps it only when
#    the loop runs zero times (k: the iter_arg starts as the earlier k; in
#    last_index, the earlier i converted to the loop variable's dtype);
#  - a name an if in the body defines on both sides (d) is carried too;
#  - a name not used after its loop (v) is not carried.
# The reference (pypto fa5f00b9) compiles such programs: its system test
# tests/st/runtime/test_ctrl_flow.py (TestForLoopAdd) stores inside
# `for i in pl.range(1)` and returns the store's result after the loop, and
# tests/ut/codegen/test_orchestration_codegen.py::test_if_statement returns
# a tensor created and written inside `for i in pl.range(4)`.  Its
# ConvertToSSA lets the use after the loop name the body's version; here
# the loop carries the value out (tests/e2e/loop_escape.py and
# orch_escape.py run such programs).
import pypto.language as pl


@pl.program
class Escape:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        n: pl.Scalar[pl.INT64],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        for i in pl.range(2):
            for j in pl.range(0, 64, 16):
                t = pl.load(a, [j, 0], [16, 64])
                s = i + j
            if s > 8:
                d = s
            else:
                d = 0
        u = pl.adds(t, s + j + d)
        for k in pl.range(n):
            out = pl.store(u, [0, 0], [16, 64], c)
        m = n
        while m > 0:
            w = pl.store(u, [16, 0], [16, 64], c)
            m = m - 1
        k = 5
        for k in pl.range(k, n):
            v = pl.muls(u, 2.0)
        last = pl.store(pl.muls(u, k), [16, 0], [16, 64], w)
        return out

    @pl.function
    def last_index(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        i: pl.Scalar[pl.INT32] = pl.const(-1, pl.INT32)
        for i in pl.range(n):
            x = i * 2
        return i

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(self, a: pl.Tensor[[64, 64], pl.FP32], n: pl.Tensor[[1], pl.INT64]) -> pl.Tensor[[32, 64], pl.FP32]:
        cnt = pl.tensor.read(n, [0])
        for i in pl.range(3):
            result = pl.create_tensor([32, 64], dtype=pl.FP32)
            result = self.kernel(a, cnt + i, result)
        return result
