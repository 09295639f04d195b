# UINT32 tensors through an Orchestration function (issue 15, item 3): the
# arguments' and an intermediate tensor's DataType in the orchestration
# C++, a UINT32 value read from a config tensor (tensor.read) passed to a
# kernel as a scalar task argument, and a logical right shift (TSHRS, which
# A2/A3 takes for uint32_t) on values with the top bit set.
import pypto.language as pl

R = 16
C = 64


@pl.program
class UintOrch:
    @pl.function(type=pl.FunctionType.InCore)
    def shift(
        self,
        x: pl.Tensor[[R, C], pl.UINT32],
        k: pl.Scalar[pl.UINT32],
        out: pl.Out[pl.Tensor[[R, C], pl.UINT32]],
    ) -> pl.Tensor[[R, C], pl.UINT32]:
        t = pl.load(x, [0, 0], [R, C])
        r = pl.block.shrs(t, k)
        return pl.store(r, [0, 0], [R, C], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[R, C], pl.UINT32],
        cfg: pl.Tensor[[1, 2], pl.UINT32],
        y: pl.Out[pl.Tensor[[R, C], pl.UINT32]],
    ) -> pl.Tensor[[R, C], pl.UINT32]:
        k = pl.tensor.read(cfg, [0, 1])
        tmp = pl.create_tensor([R, C], dtype=pl.UINT32)
        tmp = self.shift(x, k, tmp)
        y = self.shift(tmp, k, y)
        return y
