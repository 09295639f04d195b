# pyptocc-flags: --arch=a5
# The A5 half of tests/errors/unsigned_a2a3: pto-isa e612db81's A5 headers
# (pto/npu/a5) take uint32_t and uint16_t in TADD and TMUL and 8-bit
# integers in TANDS, so the ops that A2/A3 refuses compile here as they
# are, with no conversion.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(a: pl.Tensor[[16, 64], pl.UINT32], c: pl.Tensor[[16, 64], pl.INT8],
      o: pl.Out[pl.Tensor[[16, 64], pl.UINT32]],
      q: pl.Out[pl.Tensor[[16, 64], pl.INT8]]) -> pl.Tensor[[16, 64], pl.UINT32]:
    x = pl.load(a, [0, 0], [16, 64])
    z = pl.load(c, [0, 0], [16, 64])
    s = pl.add(x, x)
    m = pl.block.mul(s, x)
    w = pl.block.ands(z, 7)
    pl.store(w, [0, 0], [16, 64], q)
    return pl.store(m, [0, 0], [16, 64], o)
