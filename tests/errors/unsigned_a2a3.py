# pyptocc-flags: --emit=pto
# A2/A3 instructions whose pto-isa NPU headers (e612db81, pto/npu/a2a3)
# take only signed integers, or other widths than PTOAS's verifiers say:
# TADD, TMUL and TROWSUM take int16_t and int32_t, not the unsigned types; TANDS/TORS/TXORS take 16- and 32-bit types only,
# where PTOAS's verifier takes 8- and 16-bit ones, so A2/A3 has them for
# 16-bit integers alone.  PTOAS alone accepts all five (it judges integers
# by width), and its C++ would then fail to build for the device.  On A5
# the same program compiles (tests/pto/pto_unsigned_a5).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(a: pl.Tensor[[16, 64], pl.UINT32], b: pl.Tensor[[16, 64], pl.UINT16], c: pl.Tensor[[16, 64], pl.INT8],
      o: pl.Out[pl.Tensor[[16, 64], pl.UINT32]], p: pl.Out[pl.Tensor[[16, 1], pl.UINT16]],
      q: pl.Out[pl.Tensor[[16, 64], pl.INT8]]) -> pl.Tensor[[16, 64], pl.UINT32]:
    x = pl.load(a, [0, 0], [16, 64])
    y = pl.load(b, [0, 0], [16, 64])
    z = pl.load(c, [0, 0], [16, 64])
    s = pl.add(x, x)
    m = pl.block.mul(s, x)
    r = pl.block.row_sum(y, y)
    w = pl.block.ands(z, 7)
    pl.store(r, [0, 0], [16, 1], p)
    pl.store(w, [0, 0], [16, 64], q)
    return pl.store(m, [0, 0], [16, 64], o)
