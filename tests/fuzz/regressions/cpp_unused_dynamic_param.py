# Found by fuzz_pipeline (issue 35): a kernel (a function of no type that
# calls nothing) with a tensor parameter of a run-time length that it never
# loads or stores.  Legalize checked the C++ output's static strides at
# loads and stores only; the C++ kernel printer makes a GlobalTensor of
# every tensor parameter and refused it.  Legalize checked every parameter
# then; now the run-time length is a DYNAMIC stride, and both outputs take
# the program.
import pypto.language as pl


@pl.program
class P:
    @pl.function
    def f(self, x: pl.Tensor[[n], pl.FP32]) -> pl.Tensor[[n], pl.FP32]:
        return x
