# A symbolic dimension held by a scalar parameter of another integer type
# than INT64: the tensor view's shape and strides are index values, so the
# parameter is cast (arith.index_cast; an unsigned one is widened first).
# The printer refused it, after a clean pipeline, at line 1 ("the symbolic
# dimension 'n_0' must be INT64").  PTOAS takes the output; both are row
# counts, which the C++ output's static strides allow too.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(n: pl.Scalar[pl.INT32], m: pl.Scalar[pl.UINT16], a: pl.Tensor[[n, 64], pl.FP32], b: pl.Tensor[[m, 64], pl.FP32],
      out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    t = pl.load(a, [0, 0], [64, 64])
    u = pl.load(b, [0, 0], [64, 64])
    s = pl.add(t, u)
    r = pl.store(s, [0, 0], [64, 64], out)
    return r
