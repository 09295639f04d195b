# pyptocc-flags: --no-passes --emit=pto
# Tiles need a memory plan: without InitMemRef a tile has no memory space,
# and the emitter says which pass to run.  A tensor op inside an InCore
# kernel has no PTO lowering (Verify rejects it too; here no pass runs).
import pypto.language as pl


@pl.program
class NoMemRef:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 64])
        s = pl.tensor.add(a, out)
        r = pl.store(t, [0, 0], [16, 64], out)
        return r
