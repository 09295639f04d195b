# pyptocc-flags: --emit=pto
# What the cross-core pipe's PTO takes: a push from the AIC sends a matmul
# result (Acc), one from an AIV a Vec tile (PTOAS maps no other producer
# pipe); a push, pop or free uses a pipe its kernel set up before it, in
# no branch or loop (the id of an initialize_pipe there), whose slots hold
# the tile; a pop's tile is assigned; a kernel holds one core's side of the
# pipe.
import pypto.language as pl


@pl.program
class Pto:
    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, w: pl.Tensor[[16, 16], pl.FP16]):
        buf = pl.reserve_buffer(name="v2c", size=2048)
        peer = pl.import_peer_buffer(name="c2v", peer_func="vector")
        pl.aic_initialize_pipe(dir_mask=3, slot_size=512, c2v_consumer_buf=peer, v2c_consumer_buf=buf)
        pl.aic_initialize_pipe(dir_mask=3, slot_size=512, c2v_consumer_buf=peer, v2c_consumer_buf=buf, id=2)
        m = pl.load(w, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        pl.tpush_to_aiv(m, split=0)
        p: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tpop_from_aiv(split=0, id=3)
        pl.tpop_from_aiv(shape=[16, 16], dtype=pl.FP16, split=0)
        big: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Mat] = pl.tpop_from_aiv(split=0, id=2)

    @pl.function(type=pl.FunctionType.AIV)
    def vector(self, x: pl.Tensor[[16, 16], pl.FP16], n: pl.Scalar[pl.INDEX]):
        buf = pl.reserve_buffer(name="c2v", size=2048)
        peer = pl.import_peer_buffer(name="v2c", peer_func="cube")
        pl.aiv_initialize_pipe(dir_mask=3, slot_size=512, c2v_consumer_buf=buf, v2c_consumer_buf=peer)
        t = pl.load(x, [0, 0], [16, 16])
        pl.tpush_to_aic(t, split=0, id=1)
        if n > 8:
            pl.aiv_initialize_pipe(dir_mask=3, slot_size=512, c2v_consumer_buf=buf, v2c_consumer_buf=peer, id=2)
        pl.tpush_to_aic(t, split=0, id=2)

    @pl.function(type=pl.FunctionType.InCore)
    def both(self, x: pl.Tensor[[16, 16], pl.FP16]):
        t = pl.load(x, [0, 0], [16, 16])
        u = pl.add(t, t)
        pl.tfree_to_aiv(u)
