# pyptocc-flags: --emit=pto
# A tensor matmul with an empty dimension (a 0-row operand) has no block
# plan: ConvertTensorToBlockOps says so.  It divided by the empty extent
# before (SIGFPE; found by fuzzing from other seeds).
import pypto.language as pl


@pl.program
class Empty:
    @pl.function(type=pl.FunctionType.InCore)
    def mm(self, x: pl.Tensor[[0, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[0, 64], pl.FP32]:
        y = pl.matmul(x, w)
        return y
