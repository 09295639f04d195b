# Found by tests/fuzz.test on tests/e2e/row_expand_add_tmp.py (1299 bytes:
# the replay compiles an input of odd size for A5): on A5 Legalize keeps
# a row_expand_add scratch smaller than A2/A3's rule wants (A5's
# TROWEXPANDADD reads none), but mlir_check applied that A2/A3 rule
# (PTOAS's verifyTRowExpandImplicitTmpContract) to A5 modules too and
# refused the output.  The rule is A2/A3's alone now.  This file's size is
# odd, so that the replay compiles it for A5 as well.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def i32(x: pl.Tensor[[32, 32], pl.INT32], v: pl.Tensor[[32, 1], pl.INT32],
        out: pl.Out[pl.Tensor[[32, 32], pl.INT32]]) -> pl.Tensor[[32, 32], pl.INT32]:
    xt = pl.load(x, [0, 0], [32, 32])
    vt = pl.load(v, [0, 0], [32, 1])
    tmp = pl.tile.create([8, 8], dtype=pl.INT32, target_memory=pl.Mem.Vec)
    return pl.store(pl.tile.row_expand_add(xt, vt, tmp), [0, 0], out)
