# pyptocc-flags: --emit=pto
# A narrow Vec tile pushed across the cross-core pipe fills a slot with its
# padded bytes: a [16, 4] FP32 tile, 256 bytes in its shape, is held as
# [16, 8] (512 bytes) and does not fit slots of 256; the cube side's Mat
# tile is held padded to whole 16x8 fractal boxes, [16, 8] too, which a
# pop into Mat cannot take (pto-isa fills a Mat tile's whole shape).
import pypto.language as pl


@pl.program
class NarrowPipe:
    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, x: pl.Tensor[[16, 4], pl.FP32]):
        v2c_buf = pl.reserve_buffer(name="v2c_slot_buffer", size=512, base=pl.AUTO)
        pl.aic_initialize_pipe(dir_mask=2, slot_size=256, slot_num=2, v2c_consumer_buf=v2c_buf)
        a_mat: pl.Tile[[16, 4], pl.FP32, pl.MemorySpace.Mat] = pl.tpop_from_aiv(split=0)
        pl.tfree_to_aiv(a_mat)

    @pl.function(type=pl.FunctionType.AIV)
    def vector(self, x: pl.Tensor[[16, 4], pl.FP32]):
        v2c_peer = pl.import_peer_buffer(name="v2c_slot_buffer", peer_func="cube")
        pl.aiv_initialize_pipe(dir_mask=2, slot_size=256, slot_num=2, v2c_consumer_buf=v2c_peer)
        t = pl.load(x, [0, 0], [16, 4])
        pl.tpush_to_aic(t, split=0)
