# pyptocc-flags: --emit=cpp
# The CPU runtime runs one AIV lane: a tile crosses the pipe whole
# (split=0); the split codes that share it between two lanes have no C++.
import pypto.language as pl


@pl.program
class Split:
    @pl.function(type=pl.FunctionType.AIV)
    def vector(self, x: pl.Tensor[[16, 16], pl.FP32]):
        buf = pl.reserve_buffer(name="c2v", size=4096)
        pl.aiv_initialize_pipe(dir_mask=1, slot_size=1024, c2v_consumer_buf=buf)
        t: pl.Tile[[8, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tpop_from_aic(split=1)
        pl.tfree_to_aic(t)
