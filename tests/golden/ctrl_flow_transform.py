# pyptocc-flags: --passes=inline_functions,lower_placement,ctrl_flow_transform
# CtrlFlowTransform: continue sets a flag that guards the rest of the
# body; a for loop that breaks becomes a while loop over its variable,
# advanced unless the body broke; a while loop's condition tests its
# break flag; statements after an unconditional exit are dropped; nested
# loops have flags of their own.
import pypto.language as pl


@pl.program
class Jumps:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        for i in pl.range(10, 0, -2):
            if i == n:
                break
            for k in pl.range(4):
                if k == 1:
                    continue
                    t = pl.exp(t)
                t = pl.add(t, t)
            if i > 6:
                continue
            t = pl.mul(t, t)
        j = 0
        while j < n:
            j = j + 1
            if j > 5:
                break
            else:
                t = pl.sub(t, t)
        return pl.store(t, [0], x)
