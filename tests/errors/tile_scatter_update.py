# pyptocc-flags: --emit=pto
# tile.scatter_update is deduced (the front end takes it) but not expanded
# into tile.scatter yet, as pl.scatter_update of tensors is: its lowering
# says so where it is written.
import pypto.language as pl


@pl.program
class TileScatterUpdate:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[32, 32], pl.FP32],
        i: pl.Tensor[[2, 8], pl.INT32],
        s: pl.Tensor[[16, 32], pl.FP32],
        out: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
    ) -> pl.Tensor[[32, 32], pl.FP32]:
        t = pl.tile.scatter_update(pl.load(x, [0, 0], [32, 32]), dim=-2, index=pl.load(i, [0, 0], [2, 8]),
                                   src=pl.load(s, [0, 0], [16, 32]))
        out = pl.store(t, [0, 0], out)
        return out
