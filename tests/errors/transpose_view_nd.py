# pl.tile.transpose_view on a 3-D tile swaps the last two dimensions and
# keeps the leading one (an NZ [..., N, K] is a ZN [..., K, N]).
# The front end takes it; the kernel outputs refuse a rank-3 view of a batch
# of 2 (its 2-D form is not the view), located.
# pyptocc-flags: --emit=pto
import pypto.language as pl


@pl.program
class TV:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, b: pl.Tensor[[2, 64, 32], pl.FP16], out: pl.Out[pl.Tensor[[2, 32, 64], pl.FP16]]) -> pl.Tensor[[2, 32, 64], pl.FP16]:
        t = pl.load(b, [0, 0, 0], [2, 64, 32], target_memory=pl.MemorySpace.Mat)
        u = pl.tile.transpose_view(t)
        return out
