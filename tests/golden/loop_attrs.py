# attrs={...} on pl.range and pl.pipeline: hints of pypto's passes
# (pipeline_overlap_stores), constants, checked and dropped: pyptocc's
# passes do not read them, so the printed loop has none.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    for i, (o,) in pl.range(0, 64, 16, init_values=(out,), attrs={"pipeline_overlap_stores": False}):
        t = pl.load(x, [i, 0], [16, 64])
        o2 = pl.store(pl.exp(t), [i, 0], o)
        o3 = pl.yield_(o2)
    for j, (p,) in pl.pipeline(0, 64, 16, stage=2, init_values=(o3,), attrs={"hint": 1}):
        u = pl.load(x, [j, 0], [16, 64])
        p2 = pl.store(pl.add(u, u), [j, 0], p)
        p3 = pl.yield_(p2)
    return p3
