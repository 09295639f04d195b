# pyptocc-flags: --emit=pto
# A pop's tile is the pipe's slot, a buffer of its own: a loop or an if
# cannot yield it, or a copy of it, into the tile it carries (copy it into
# a tile of its own first).  Legalize reports it, before the printers.
import pypto.language as pl


@pl.program
class Carried:
    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, w: pl.Tensor[[16, 16], pl.FP32]):
        peer = pl.import_peer_buffer(name="c2v", peer_func="vector")
        pl.aic_initialize_pipe(dir_mask=1, slot_size=1024, c2v_consumer_buf=peer)

    @pl.function(type=pl.FunctionType.AIV)
    def vector(self, x: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INDEX]):
        buf = pl.reserve_buffer(name="c2v", size=4096)
        pl.aiv_initialize_pipe(dir_mask=1, slot_size=1024, c2v_consumer_buf=buf)
        acc = pl.load(x, [0, 0], [16, 16])
        for i in pl.range(4):
            t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tpop_from_aic(split=0)
            acc = t
        if n > 8:
            u: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tpop_from_aic(split=0)
            acc = u
        pl.store(acc, [0, 0], x)
