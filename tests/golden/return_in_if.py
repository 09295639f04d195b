# pypto.program: ReturnInIf
import pypto.language as pl


@pl.inline
def exp_or_neg(t, n):
    if n > 0:
        return pl.exp(t)
    return pl.neg(t)


# Returns inside ifs: two values from nested branches, a function with no
# results whose early return ends it, and an inline function's.
@pl.function(type=pl.FunctionType.InCore)
def pair(x: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INT32], a: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
         b: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
    t = pl.load(x, [0, 0], [16, 16])
    if n > 0:
        if n > 4:
            return pl.store(t, [0, 0], a), pl.store(pl.exp(t), [0, 0], b)
        u = pl.neg(t)
        return pl.store(u, [0, 0], a), pl.store(t, [0, 0], b)
    else:
        return pl.store(t, [0, 0], a), pl.store(t, [0, 0], b)


@pl.function(type=pl.FunctionType.InCore)
def nothing(x: pl.Tensor[[16, 16], pl.FP32], out: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INT32]):
    if n == 0:
        return
    pl.store(pl.load(x, [0, 0], [16, 16]), [0, 0], out)


@pl.function(type=pl.FunctionType.InCore)
def inlined(x: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INT32],
            out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 16])
    u = exp_or_neg(t, n)
    return pl.store(pl.add(u, t), [0, 0], out)
