# A tensor created and written inside an orchestration loop and returned
# after it (item 1 of issue 15): the loop carries it out, so the result is
# what the last iteration (i = 3, flag 0) wrote: a + 3.  The slot of the
# returned tensor is the buffer each iteration writes.
# The reference (pypto fa5f00b9) accepts this program's shape:
# tests/ut/codegen/test_orchestration_codegen.py::test_if_statement creates
# `result` inside `for i in pl.range(4)`, has a kernel write it, and
# returns it after the loop.
import pypto.language as pl


@pl.program
class OrchEscape:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel_process(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        flag: pl.Scalar[pl.INT64],
        output: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 16])
        f: pl.Scalar[pl.FP32] = pl.cast(flag, pl.FP32)
        u = pl.adds(t, f)
        out = pl.store(u, [0, 0], [16, 16], output)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch_if(self, a: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        for i in pl.range(4):
            if i == 0:
                is_first: pl.Scalar[pl.INT64] = pl.yield_(1)
            else:
                is_first: pl.Scalar[pl.INT64] = pl.yield_(0)
            result = pl.create_tensor([16, 16], dtype=pl.FP32)
            result = self.kernel_process(a, is_first + i, result)
        return result
