# pyptocc-flags: --emit=pto
# init_value= fills what the runtime allocates for orchestration code; a
# kernel's tensor.create is a tile.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.create_tensor([16, 64], dtype=pl.FP32, init_value=2.0)
        t = pl.assemble(t, pl.add(x, x), [0, 0])
        y = pl.assemble(y, pl.add(t, x), [0, 0])
        return y
