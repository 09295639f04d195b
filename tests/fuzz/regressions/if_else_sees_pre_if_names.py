# Found by fuzz_frontend (seeded with pypto's tests): both branches of an
# if without yields rebind tile_a from its value before the if.  The if
# branch's names were visible in the else branch, so the else branch read
# the if branch's tile_a; the program printed back read its value before
# the if (a pl.cast in the condition: see if_condition_of_dsl_call.py),
# and the round trip was not structurally equal.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], cond: pl.Scalar[pl.INT32],
          c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        tile_a = pl.load(a, [0, 0], [64, 64])
        if cond == 1:
            tile_a = pl.mul(tile_a, 2.0)
        else:
            tile_a = pl.mul(tile_a, 3.0)
        out = pl.store(tile_a, [0, 0], c)
        return out
