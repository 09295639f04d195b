# tile.gatherb: 32-byte blocks of a tile by UINT32 byte offsets; each
# offset of an [8, 8] tile is one block (8 FP32 elements) of the result's
# row; the offsets are (blk + 8) * 32 as UINT32 (reinterpret_view): whole
# blocks of the [8, 32] FP32 source (32 blocks of 32 bytes), crossing
# rows, also for the runtime's default inputs (integers from -8);
# output_dtype=INT32 reads the same bytes as INT32.  pto.tgatherb;
# TGATHERB in C++.
import pypto.language as pl


@pl.program
class Gatherb:
    @pl.function(type=pl.FunctionType.InCore)
    def gatherb(
        self,
        x: pl.Tensor[[8, 32], pl.FP32],
        blk: pl.Tensor[[8, 8], pl.INT32],
        out: pl.Out[pl.Tensor[[8, 64], pl.FP32]],
        bits: pl.Out[pl.Tensor[[8, 64], pl.INT32]],
    ) -> tuple[pl.Tensor[[8, 64], pl.FP32], pl.Tensor[[8, 64], pl.INT32]]:
        t = pl.load(x, [0, 0], [8, 32])
        k = pl.tile.muls(pl.tile.adds(pl.load(blk, [0, 0], [8, 8]), pl.const(8, pl.INT32)), pl.const(32, pl.INT32))
        off = pl.tile.reinterpret_view(k, dtype=pl.UINT32)
        g = pl.tile.gatherb(t, off)
        b = pl.tile.gatherb(t, off, output_dtype=pl.INT32)
        o1 = pl.store(g, [0, 0], out)
        o2 = pl.store(b, [0, 0], bits)
        return o1, o2
