# pyptocc-flags: --emit=cpp
# The CPU runtime gives the two AIV lanes even halves of a pipe's tile
# (split=1 rows, 2 columns); the odd splits (3, 4: the larger half lane
# 0's) have no C++.
import pypto.language as pl


@pl.program
class Split:
    @pl.function(type=pl.FunctionType.AIV)
    def vector(self, x: pl.Tensor[[16, 16], pl.FP32]):
        buf = pl.reserve_buffer(name="c2v", size=4096)
        pl.aiv_initialize_pipe(dir_mask=1, slot_size=1024, c2v_consumer_buf=buf)
        t: pl.Tile[[8, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tpop_from_aic(split=3)
        pl.tfree_to_aic(t)
