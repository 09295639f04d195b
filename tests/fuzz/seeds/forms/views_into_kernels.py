# pl.tensor.view(layout=) and pl.tensor.reinterpret_view in orchestration,
# their results passed to kernels that load them.
import pypto.language as pl


@pl.program
class Views:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP16], y: pl.Out[pl.Tensor[[16, 32], pl.FP16]]) -> pl.Tensor[[16, 32], pl.FP16]:
        t = pl.load(x, [0, 0], [16, 32])
        return pl.store(pl.add(t, t), [0, 0], y)

    @pl.function(type=pl.FunctionType.InCore)
    def copy_dn(self, x: pl.Tensor[[32, 16], pl.FP32], y: pl.Out[pl.Tensor[[32, 16], pl.FP32]]) -> pl.Tensor[[32, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        return pl.store(t, [0, 0], y)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32], w: pl.Tensor[[16, 32], pl.FP32],
             y: pl.Out[pl.Tensor[[16, 32], pl.FP16]], z: pl.Out[pl.Tensor[[32, 16], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP16]:
        h = pl.tensor.reinterpret_view(x, pl.FP16)
        y = self.scale(h, y)
        d = pl.tensor.view(w, layout=pl.TensorLayout.DN)
        r = pl.tensor.view(d, [32, 16], layout=pl.TensorLayout.ND)
        z = self.copy_dn(r, z)
        b = pl.tensor.reinterpret_view(pl.tensor.view(w, layout=pl.TensorLayout.DN), dtype=pl.INT8)
        return y
