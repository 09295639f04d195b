# tile.scatter_update: whole rows of a tile replaced, input[index.flat[k],
# :] = src[k, :]; Legalize expands it into tile.scatter of each element's
# flat offset (index * 32 + column; INT16 offsets for the FP16 rows) and a
# blend of the bits, as pl.scatter_update of tensors is converted.
# Indices may repeat: the later row wins.  The rows are idx + 8, so that
# the runtime's default inputs (integers from -8) run too.
import pypto.language as pl


@pl.program
class ScatterUpdate:
    @pl.function(type=pl.FunctionType.InCore)
    def update(
        self,
        x: pl.Tensor[[32, 32], pl.FP32],
        idx: pl.Tensor[[2, 8], pl.INT32],
        src: pl.Tensor[[16, 32], pl.FP32],
        h: pl.Tensor[[32, 32], pl.FP16],
        hsrc: pl.Tensor[[16, 32], pl.FP16],
        y: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
        yh: pl.Out[pl.Tensor[[32, 32], pl.FP16]],
    ) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 32], pl.FP16]]:
        i = pl.tile.adds(pl.load(idx, [0, 0], [2, 8]), pl.const(8, pl.INT32))
        r = pl.tile.scatter_update(pl.load(x, [0, 0], [32, 32]), dim=-2, index=i, src=pl.load(src, [0, 0], [16, 32]))
        rh = pl.scatter_update(pl.load(h, [0, 0], [32, 32]), -2, i, pl.load(hsrc, [0, 0], [16, 32]))
        o1 = pl.store(r, [0, 0], y)
        o2 = pl.store(rh, [0, 0], yh)
        return o1, o2
