# A split mixed kernel on both AIV lanes: the cube's Acc result a @ b goes
# to the lanes as halves of its rows (pl.aiv_shard in a pl.split_aiv region
# of mode UP_DOWN), each lane stores exp of its half at its own rows; and
# each lane computes 2 * b on its half of the columns, which the cube
# gathers whole (pl.aic_gather, LEFT_RIGHT) for a @ (2b).
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
