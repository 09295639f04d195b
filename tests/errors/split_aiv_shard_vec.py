# pl.aiv_shard in a pl.split_aiv region of mode UP_DOWN halves the cube's
# matmul result (an Acc tile) between the AIV lanes; a tile the lanes
# loaded themselves is on the vector side already and has no crossing.
# pyptocc-flags: --emit=pto
import pypto.language as pl


@pl.program
class ShardVec:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
        with pl.at(level=pl.Level.CORE_GROUP):
            for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                t = pl.load(a, [0, 0], [64, 64])
                h = pl.aiv_shard(t)
                out = pl.store(h, [lane * 32, 0], out)
        return out
