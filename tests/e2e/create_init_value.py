# pl.create_tensor(..., init_value=v): the runtime fills the tensor before
# any task writes it (tasks/03-tuning.md, ops/01-catalog.md); manual_dep=
# only opts out of dependency tracking, which tasks run in program order
# do not need.  The kernel adds x into its InOut tensor:
#   a = x + 1.5 (a returned tensor: the caller's buffer is filled)
#   s = x - 2 (a scratch tensor), b = s + 0 = x - 2
import pypto.language as pl


@pl.program
class CreateInitValue:
    @pl.function(type=pl.FunctionType.InCore)
    def accumulate(self, x: pl.Tensor[[16, 64], pl.FP32], acc: pl.InOut[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        u = pl.load(acc, [0, 0], [16, 64])
        return pl.store(pl.add(t, u), [0, 0], acc)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        a = pl.create_tensor([16, 64], dtype=pl.FP32, init_value=1.5)
        a = self.accumulate(x, a)
        s = pl.create_tensor([16, 64], dtype=pl.FP32, init_value=-2, manual_dep=True)
        s = self.accumulate(x, s)
        b = pl.create_tensor([16, 64], dtype=pl.FP32, init_value=0)
        b = self.accumulate(s, b)
        return a, b
