# Each side of the cross-core pipe on its own core: an AIV kernel cannot
# push to the AIVs or pop from them, the AIC cannot take the AIV's side; a
# slot goes back the way its tile came and on its pipe; the crossings of
# a pl.split_aiv region belong to an InCore function.
import pypto.language as pl


@pl.program
class Sides:
    @pl.function(type=pl.FunctionType.AIV)
    def vector(self, x: pl.Tensor[[16, 16], pl.FP32]):
        pl.aic_initialize_pipe(dir_mask=1, slot_size=1024)
        t = pl.load(x, [0, 0], [16, 16])
        pl.tpush_to_aiv(t, split=0)
        p: pl.Tile[[16, 16], pl.FP32] = pl.tpop_from_aic(split=0, id=2)
        pl.tfree_to_aiv(p)
        pl.tfree_to_aic(p, id=1)
        h = pl.tile.aiv_shard(t, split=1)

    @pl.function(type=pl.FunctionType.AIC)
    def cube(self):
        m: pl.Tile[[16, 16], pl.FP32] = pl.tpop_from_aiv(split=0)
        pl.tpush_to_aic(m, split=0)
        pl.tfree_to_aic(m)
