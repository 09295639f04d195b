# attrs= on every kind of loop, nested, with constant expressions.
import pypto.language as pl

DEPTH = 2


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    for i, (o,) in pl.range(0, 64, 32, init_values=(out,), attrs={"a": DEPTH * 2, "b": "x", "c": [1, 2]}):
        for j, (p,) in pl.pipeline(0, 64, 16, stage=DEPTH, init_values=(o,), attrs={"pipeline_overlap_stores": False}):
            t = pl.load(x, [i, j], [32, 16])
            p2 = pl.store(pl.exp(t), [i, j], p)
            p3 = pl.yield_(p2)
        o3 = pl.yield_(p3)
    for m in pl.range(4, attrs={}):
        pass
    return o3
