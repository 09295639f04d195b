# A program built inside a function (as in the reference's examples) cannot
# be compiled: pyptocc does not run the function, so its parameters have no
# values.  The error says what to write instead.
import pypto.language as pl


def build_program(rows: int, cols: int):
    @pl.program
    class Scaled:
        @pl.function
        def scale(self, x: pl.Tensor[[rows, cols], pl.FP32]) -> pl.Tensor[[rows, cols], pl.FP32]:
            return x

    return Scaled
