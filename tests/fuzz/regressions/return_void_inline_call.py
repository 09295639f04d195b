# Found by fuzz_pipeline (seeded with this repository's tests): a @pl.jit
# entry that returns the call of an inline function returning nothing
# (its `return y, z` cut away).  The front end typed the entry's result
# as the call's unknown type and InlineFunctions left the call of the
# expanded function in the return: with the debug passes, an internal
# error ("not well-formed after pass 'inline_functions'").  It is the
# call, then a return of none, as in Python.
import pypto.language as pl



@pl.jit.inline
def scale_rows(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y[0:16, :] = pl.mul(x[0:16, :], 2.0)


@pl.jit
def return_void_call(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    return scale_rows(x, y)
