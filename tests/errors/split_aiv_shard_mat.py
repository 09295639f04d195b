# A kernel's tile parameter written pl.Tile[..., pl.Mem.Mat] lives in L1:
# pl.aiv_shard of it is a Mat tile crossing to the AIV lanes, which the
# pipe does not carry (only the cube's matmul results, Acc tiles), not a
# Vec tile "on the vector side already" (the annotation's space was lost).
# pyptocc-flags: --emit=pto
import pypto.language as pl


@pl.program
class ShardMat:
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
    def shard(self, m: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat],
              out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        lane = pl.tile.get_subblock_idx()
        h = pl.tile.aiv_shard(m, split=1)
        r = pl.tile.store(h, [lane * 32, 0], out)
        return r
