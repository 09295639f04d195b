# pyptocc-flags: --dump-after=lower
# --dump-after=lower on a kernel's scalar element reads and writes of
# global memory (pto.load_scalar, pto.store_scalar) and an on-core array
# (declared, read, written): each is one line of the lowered
# instructions (the dump read a signal's operands for them and crashed).
import pypto.language as pl


@pl.program
class DumpLowerScalars:
    @pl.function(type=pl.FunctionType.InCore)
    def histogram(self, x: pl.Tensor[[16], pl.INT32], out: pl.Out[pl.Tensor[[1, 4], pl.INT32]]
                  ) -> pl.Tensor[[1, 4], pl.INT32]:
        counts = pl.array.create(4, pl.INT32)
        for i in pl.range(16):
            b = pl.read(x, [i])
            counts[b] = counts[b] + 1
        for j in pl.range(4):
            out = pl.write(out, [0, j], counts[j])
        return out
