# pl.split_aiv regions that cross between the cube and the AIV lanes, as
# pypto's explicit-boundary regions: the body is written per lane and runs
# once on each AIV lane, its lane pl.tile.get_subblock_idx().  The cube's
# Acc result goes to the lanes as halves (tpush_to_aiv {split = 1}: each
# lane pops [32, 64] of [64, 64]); the lanes' halves of columns are
# gathered back for the cube (tpush_to_aic {split = 2}, a [64, 64] pop).
import pypto.language as pl

N = 64
HALF = N // 2


@pl.program
class SplitCrossings:
    @pl.function
    def main(self, a: pl.Tensor[[N, N], pl.FP32], b: pl.Tensor[[N, N], pl.FP32],
             out: pl.Out[pl.Tensor[[N, N], pl.FP32]], out2: pl.Out[pl.Tensor[[N, N], pl.FP32]]):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="shard"):
            a_l1 = pl.load(a, [0, 0], [N, N], target_memory=pl.MemorySpace.Mat)
            b_l1 = pl.load(b, [0, 0], [N, N], target_memory=pl.MemorySpace.Mat)
            qk = pl.matmul(pl.move(a_l1, target_memory=pl.MemorySpace.Left),
                           pl.move(b_l1, target_memory=pl.MemorySpace.Right))
            for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                half = pl.aiv_shard(qk)
                out = pl.store(pl.exp(half), [lane * HALF, 0], out)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="gather"):
            for lane in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
                cols = pl.load(b, [0, lane * HALF], [N, HALF])
                whole = pl.aic_gather(pl.mul(cols, 2.0))
            a2 = pl.load(a, [0, 0], [N, N], target_memory=pl.MemorySpace.Mat)
            r = pl.matmul(pl.move(a2, target_memory=pl.MemorySpace.Left),
                          pl.move(whole, target_memory=pl.MemorySpace.Right))
            out2 = pl.store(r, [0, 0], out2)
        return out, out2
