# tile.slice: windows of a loaded tile, each copied into a tile of its own
# (Legalize's block.extract, TEXTRACT within Vec): at a run-time row
# offset in a loop, as subscript sugar at a static offset, and with a
# valid_shape whose invalid rows a fillpad overwrites.
import pypto.language as pl


@pl.program
class TileSlice:
    @pl.function(type=pl.FunctionType.InCore)
    def tile_slice(
        self,
        x: pl.Tensor[[32, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
        z: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
        w: pl.Out[pl.Tensor[[8, 64], pl.FP32]],
    ) -> tuple[pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[8, 64], pl.FP32]]:
        t = pl.load(x, [0, 0], [32, 64])
        for i in pl.range(4):
            r = (3 - i) * 8
            s: pl.Tile[[8, 64], pl.FP32] = pl.tile.slice(t, [8, 64], [r, 0])
            u = pl.muls(s, 2.0)
            y = pl.store(u, [i * 8, 0], y)
        c = t[8:24, 16:48]
        d = pl.add(c, c)
        z = pl.store(d, [0, 0], z)
        v = pl.tile.slice(t, [8, 64], [16, 0], valid_shape=[5, 64])
        f = pl.fillpad(v, pad_value=pl.PadValue.zero)
        w = pl.store(f, [0, 0], w)
        return y, z, w
