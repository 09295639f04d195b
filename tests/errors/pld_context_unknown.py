# pyptocc-flags: --emit=pto
# A kernel reaches a window's communication context through the window
# parameter a value derives from (MaterializeCommContext); a value that
# is one window or another, as the branches of an if give it, has no one
# context: a located error.  (When both give the same window it has.)
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class TwoWindows:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        x: pl.Tensor[[1, 64], pl.FP32],
        a: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
        b: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
        flag: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [1, 64])
        a = pl.store(t, [0, 0], a)
        if flag > 0:
            w = pl.store(t, [0, 0], a)
            same = pl.store(t, [0, 0], a)
        else:
            w = pl.store(t, [0, 0], b)
            same = pl.store(t, [0, 0], a)
        me = pld.rank(pld.get_comm_ctx(same))
        other = pld.rank(pld.get_comm_ctx(w))
        u = pld.tile.remote_load(w, peer=me + other, offsets=[0, 0], shape=[1, 64])
        return pl.store(u, [0, 0], x)
