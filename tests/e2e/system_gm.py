# pl.system.fence and pl.system.cacheinvalid, of all global memory and of
# the line holding a region's start (lowered as all of it, which includes
# that line): a kernel that reads memory another core may have written
# drops stale cache lines, and one that publishes a result orders its
# writes.  On the CPU's coherent memory all are no-ops: y = 2 x exactly.
import pypto.language as pl


@pl.program
class SystemGm:
    @pl.function(type=pl.FunctionType.InCore)
    def system_gm(
        self,
        x: pl.Tensor[[16, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        pl.system.cacheinvalid()
        pl.system.cacheinvalid(x, [1, 64], [15, 0])
        t = pl.load(x, [0, 0], [16, 64])
        u = pl.mul(t, 2.0)
        r = pl.store(u, [0, 0], y)
        pl.system.fence()
        return r
