# pyptocc-flags: --passes=inline_functions,lower_placement,ctrl_flow_transform,convert_to_ssa
# CtrlFlowTransform: the statements after an if one branch of which always
# exits (continue, break, or an if both of whose branches do) join its
# other branch, so that what that branch defines reaches them (here `u`,
# which only the branch that goes on defines); no flag guards them, and a
# continue flag no guard reads is left out.
import pypto.language as pl


@pl.program
class BranchExit:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        for i in pl.range(8):
            if i < n:
                u = pl.add(t, t)
            else:
                continue
            t = pl.mul(u, u)
        for k in pl.range(8):
            if k == n:
                break
            elif k > 5:
                continue
            else:
                u = pl.exp(t)
            t = pl.sub(u, t)
        return pl.store(t, [0], x)
