# Found by fuzz_pipeline (issue 35): without addresses (--no-addr), an if
# yields `m = n` where n is the reshape back of a column vector Legalize
# computed in its row form, and the value of n is yielded too.  The plan
# puts n, m and the if's result in one MemRef; the printers define a
# yielded variable directly into the carried buffer, but not the variable
# it copies, so n got a buffer of its own and the copy was refused ("is
# yielded into the buffer of ... but is a copy of").  A copy's source
# defined in the body goes into the carried buffer too now.
import pypto.language as pl


@pl.program
class P:
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
        r = pl.store(m, [0, 0], out)
        return r
