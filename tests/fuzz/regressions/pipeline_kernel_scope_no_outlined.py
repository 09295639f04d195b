# pyptocc-flags: --passes=default
# Fuzz finding: a kernel whose only scope is dissolved leaves
# OutlineIncoreScopes nothing to add, and pass_program_add passed memcpy a
# null pointer for no bytes (UBSan).
import pypto.language as pl


@pl.program
class K:
    @pl.function(type=pl.FunctionType.InCore, attrs={"slot_num": 2})
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i in pl.range(2):
            with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
                t = pl.load(a, [i * 32, 0], [32, 64])
                u = pl.add(t, t)
            out = pl.store(u, [i * 32, 0], out)
        return out
