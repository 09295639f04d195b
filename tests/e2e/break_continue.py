# break and continue in a kernel: CtrlFlowTransform makes a for loop that
# breaks a while loop over its variable, with flags for both exits.
import pypto.language as pl


@pl.jit
def break_continue(x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="jumps"):
        t = pl.load(x, [0, 0], [32, 64])
        acc = pl.load(x, [0, 0], [32, 64])
        for i in pl.range(8):
            if i == 5:
                break
            if i % 2 == 1:
                continue
            acc = pl.add(acc, t)
        j = 0
        while j < 10:
            j = j + 1
            if j > 2:
                break
            acc = pl.mul(acc, 2.0)
        pl.store(acc, [0, 0], y)
    return y
