# attrs= of a loop is a dict of constants.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    for i in pl.range(4, attrs=[1]):
        pass
    for i in pl.range(4, attrs={"n": n}):
        pass
    return out
