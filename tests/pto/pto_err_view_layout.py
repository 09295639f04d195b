# pyptocc-flags: --emit=pto
# A kernel that reads a tensor through pl.tensor.view(..., layout=DN): a
# strided view neither output emits yet (pyptocc writes ND and
# column-vector DN views only), so the view itself is the located error,
# with the op table's reason.
import pypto.language as pl


@pl.program
class ViewLayout:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, src: pl.Tensor[[8, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        viewed = pl.tensor.view(src, layout=pl.TensorLayout.DN)
        tile = pl.load(viewed, [0, 0], [4, 8])
        return pl.store(tile, [0, 0], out)
