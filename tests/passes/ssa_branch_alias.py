# pyptocc-flags: --passes=convert_to_ssa
# A store's result defined in one branch only is another name of its output
# tensor, which a use after the if reads where that branch did not run
# (kept); not when the other branch defines that tensor anew (rebound), and
# never for another value (ssa_branch_only.py).
import pypto.language as pl


@pl.program
class BranchAlias:
    @pl.function(type=pl.FunctionType.InCore)
    def kept(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]],
             n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        if n > 0:
            out = pl.store(t, [0], y)
        else:
            pl.store(pl.add(t, t), [0], y)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def rebound(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]],
                n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        if n > 0:
            out = pl.store(t, [0], y)
        else:
            y = pl.store(pl.add(t, t), [0], y)
        return out
