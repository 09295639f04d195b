# pl.write of single elements inside an InCore scope, as a statement: the
# elements land in the written tensor (they were dropped when the
# statement's result went unused), before and after vector work on it.
import pypto.language as pl


@pl.jit
def element_write(s: pl.InOut[pl.Tensor[[16, 8], pl.FP32]], v: pl.Tensor[[8, 1], pl.FP32],
                  x: pl.Tensor[[16, 8], pl.FP32], y: pl.Out[pl.Tensor[[16, 8], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        for i in pl.range(8):
            pl.write(s, [i, 0], pl.read(v, [i, 0]))
    with pl.at(level=pl.Level.CORE_GROUP):
        y[:, :] = pl.mul(x, 2.0)
        pl.write(y, [3, 5], 7.0)
        pl.tensor.write(y, [15, 0], 1.5)
        y[:, :] = pl.add(y, 1.0)
    return s, y
