# A program built inside a builder function is compiled by calling the
# function with its defaults: a parameter without one is an error that
# says how to give it a value (-D BUILDER.PARAM=VALUE).
import pypto.language as pl


def build_program(rows: int, cols: int):
    @pl.program
    class Scaled:
        @pl.function
        def scale(self, x: pl.Tensor[[rows, cols], pl.FP32]) -> pl.Tensor[[rows, cols], pl.FP32]:
            return x

    return Scaled
