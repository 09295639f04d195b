# pyptocc-flags: --passes=default
# A scope in an Orchestration function is outlined like one in an Opaque
# function (pyptocc; passes.md 5.3 processes Opaque functions only).
import pypto.language as pl


@pl.program
class Orch:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        out = pl.create_tensor([64, 64], dtype=pl.FP32)
        with pl.incore():
            t = pl.load(a, [0, 0], [64, 64])
            out = pl.store(pl.exp(t), [0, 0], [64, 64], out)
        return out
