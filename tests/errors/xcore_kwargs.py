# The cross-core ops' arguments: split codes (0-4 towards the AIVs, 0-2
# towards the AIC), a pipe's direction mask and sizes, a pop's type, the
# buffers' names and sizes, a region crossing's split.
import pypto.language as pl


@pl.program
class Kwargs:
    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, w: pl.Tensor[[16, 16], pl.FP32]):
        b = pl.reserve_buffer(name="", size=4096)
        c = pl.reserve_buffer(name="c2v", size=0)
        pl.aic_initialize_pipe(dir_mask=4, slot_size=512)
        pl.aic_initialize_pipe(dir_mask=1, slot_size=512, slot_num=2, local_slot_num=3)
        pl.aic_initialize_pipe(dir_mask=3, slot_size=512, local_slot_num=5)
        m = pl.tpop_from_aiv(split=3)
        pl.tpop_from_aiv(split=0)
        t = pl.load(w, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        pl.tpush_to_aiv(t, split=5)
        pl.tpush_to_aiv(t, split=1, lane_stride=0)

    @pl.function(type=pl.FunctionType.InCore)
    def lanes(self, a: pl.Tensor[[32, 16], pl.FP32]):
        acc = pl.load(a, [0, 0], [32, 16])
        s = pl.aiv_shard(acc)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.tile.aiv_shard(acc, split=2)
        r = pl.tile.aic_gather(acc, split=3)
