# pyptocc-flags: --arch=a5 --emit=pto
# On A5 a tile-tile compare's tiles have its packed mask's shape (PTOAS
# 0.60's A5 tcmp verifier: src0, src1 and dst of one shape), so a compare
# of tiles 16 FP32 columns wide, whose mask is 32 bytes a row, has no A5
# form; A2/A3 takes it (tests/e2e/cmp_narrow_mask.py).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 16], pl.FP32], y: pl.Tensor[[16, 16], pl.FP32],
      o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    tx = pl.load(x, [0, 0], [16, 16])
    ty = pl.load(y, [0, 0], [16, 16])
    m = pl.tile.cmp(tx, ty, cmp_type=2)
    return pl.store(pl.sel(m, tx, ty), [0, 0], o)
