# A returned value whose dtype a literal operand widened (x * 2 of an INT32
# x is INT64; FP16 times a float literal is FP32) is converted to the
# declared dtype, with a warning of its own, -Wreturn-dtype (item 2 of
# issue 15); the printed program has the conversion, and reads back without
# a warning.  The annotation `result: ...INT32` on the product is the
# -Wannotation warning of decision 2.
# The reference (pypto fa5f00b9) compiles such functions:
# tests/ut/language/parser/test_decorator.py (test_forward_reference,
# test_transitive_calls, test_roundtrip_with_cross_function_calls) returns
# `pl.mul(x, 2)` of an INT32 tensor x from functions that return INT32.
import pypto.language as pl


@pl.program
class ReturnDtype:
    @pl.function
    def helper(self, x: pl.Tensor[[1], pl.INT32]) -> pl.Tensor[[1], pl.INT32]:
        result: pl.Tensor[[1], pl.INT32] = pl.mul(x, 2)
        return result

    @pl.function
    def caller(self, x: pl.Tensor[[1], pl.INT32]) -> pl.Tensor[[1], pl.INT32]:
        result: pl.Tensor[[1], pl.INT32] = self.helper(x)
        return result

    @pl.function
    def halve(self, t: pl.Tile[[16, 16], pl.FP16]) -> pl.Tile[[16, 16], pl.FP16]:
        h = pl.muls(t, 0.5)
        return h

    @pl.function
    def twice(self, n: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT32]:
        m = n * 2
        return m
