# pyptocc-flags: --no-addr
# Without addresses a variable an if yields is written directly into the
# if's result buffer, and so is a variable it is a copy of (m = n): here
# n, the reshape back of the column vector that Legalize computes in its
# row form, goes there with a tmov after the treshape, and the copy of n
# that the if also yields comes from there.  (The printer refused the
# copy, after a pipeline that had reported nothing; issue 35.)
import pypto.language as pl


@pl.program
class CopyIntoCarried:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 1], pl.FP32], out: pl.Out[pl.Tensor[[16, 1], pl.FP32]]) -> pl.Tensor[[16, 1], pl.FP32]:
        m = pl.load(x, [0, 0], [16, 1])
        for i in pl.range(4):
            if i == 0:
                n = pl.add(m, m)
                m = n
            else:
                n = pl.mul(m, m)
                m = n
        return pl.store(m, [0, 0], out)
