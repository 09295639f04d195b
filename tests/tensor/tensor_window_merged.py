# pyptocc-flags: --passes=default
# Views of tensors the kernel computes whose value comes out of an if (a
# product of the kernel in either branch, as pypto-lib's prefill merge
# picks a normalised block or zeros) or out of a loop (the sort passes of
# the prefill indexer's top-k): windows of their tiles (TEXTRACT within
# Vec), like a view of any computed tensor, not views of global memory.
import pypto.language as pl

R = 16
C = 128


@pl.jit
def merged(x: pl.Tensor[[R, C], pl.FP32], n: pl.Scalar[pl.INDEX],
           y: pl.Out[pl.Tensor[[R, 64], pl.FP32]], z: pl.Out[pl.Tensor[[R, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="merged"):
        if n > 0:
            t = pl.mul(x, 2.0)
        else:
            t = pl.full([R, C], dtype=pl.FP32, value=-1.0)
        y[:, :] = t[:, 32:96]
        s = pl.add(x, 0.0)
        for i in pl.range(3):
            s = pl.add(s, x)
        z[:, :] = s[:, 96:128]
    return y, z
