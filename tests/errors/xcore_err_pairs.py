# pyptocc-flags: --emit=pto
# PTO pairs the pipe's two sides: an import names a peer function that
# reserves a buffer of that name; each initialize_pipe has one of the
# other core, with the same id, dir_mask and slot_size, in a function it
# shares a buffer with.
import pypto.language as pl


@pl.program
class Pairs:
    @pl.function(type=pl.FunctionType.AIC)
    def cube(self):
        buf = pl.reserve_buffer(name="v2c", size=2048)
        peer = pl.import_peer_buffer(name="c2v", peer_func="vector")
        ghost = pl.import_peer_buffer(name="c2v", peer_func="nobody")
        pl.aic_initialize_pipe(dir_mask=3, slot_size=512, c2v_consumer_buf=peer, v2c_consumer_buf=buf)

    @pl.function(type=pl.FunctionType.AIV)
    def vector(self):
        buf = pl.reserve_buffer(name="c2v_other", size=2048)
        peer = pl.import_peer_buffer(name="v2c", peer_func="cube")
        pl.aiv_initialize_pipe(dir_mask=3, slot_size=1024, c2v_consumer_buf=buf, v2c_consumer_buf=peer)
