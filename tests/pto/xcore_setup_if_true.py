# A hand-written pipe whose setup sits under `if True:` on both sides:
# Simplify replaces the if by its branch, so each initialize_pipe comes
# before the push and the pop in no branch, as PTOAS wants it (it was
# refused as a setup in a branch).  The vector lanes push their sum; the
# cube pops it into Mat and stores it.
import pypto.language as pl


@pl.program
class SetupIfTrue:
    @pl.function(type=pl.FunctionType.AIV)
    def lanes(self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]):
        peer = pl.import_peer_buffer(name="lanes_to_cube", peer_func="cube")
        if True:
            pl.aiv_initialize_pipe(dir_mask=2, slot_size=512, v2c_consumer_buf=peer)
        t = pl.load(a, [0, 0], [16, 16])
        pl.tpush_to_aic(pl.add(t, t), split=0)

    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, a: pl.Tensor[[16, 16], pl.FP16],
             out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]) -> pl.Tensor[[16, 16], pl.FP16]:
        buf = pl.reserve_buffer(name="lanes_to_cube", size=1024, base=pl.AUTO)
        if 1 < 2:
            pl.aic_initialize_pipe(dir_mask=2, slot_size=512, v2c_consumer_buf=buf)
        got: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tpop_from_aiv(split=0)
        pl.tfree_to_aiv(got)
        r = pl.store(got, [0, 0], out)
        return r
