# block.full's fill value must be representable in the tile's dtype: a
# float literal fills an integer tile only when it is a whole number in
# range (2.0 fills INT32; 1e30 and 2.5 do not), and an integer literal
# must be in range (found by fuzzing: 1e30 printed as pl.const(1e30,
# pl.INT32), which did not read back).
import pypto.language as pl


@pl.function
def f(out: pl.Tensor[[32, 32], pl.INT32]) -> pl.Tensor[[32, 32], pl.INT32]:
    ok = pl.block.full([32, 32], 2.0, dtype=pl.INT32)
    big = pl.block.full([32, 32], 1e30, dtype=pl.INT32)
    half = pl.block.full([32, 32], 2.5, dtype=pl.INT32)
    wide = pl.block.full([32, 32], 4294967296, dtype=pl.INT32)
    small = pl.block.full([32, 32], -129, dtype=pl.INT8)
    hot = pl.block.full([32, 32], 70000.0, dtype=pl.FP16)
    r = pl.block.store(ok, [0, 0], [32, 32], out)
    return r
