# bench/cycles: layer norm of one 64x128 FP32 tile with [1, 128] gain and
# bias:  y[i, :] = (x[i, :] - mean_i) / sqrt(var_i + eps) * g + b
import pypto.language as pl


@pl.program
class LayerNorm:
    @pl.function(type=pl.FunctionType.InCore)
    def layer_norm(
        self,
        x: pl.Tensor[[64, 128], pl.FP32],
        g: pl.Tensor[[1, 128], pl.FP32],
        b: pl.Tensor[[1, 128], pl.FP32],
        y: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
    ) -> pl.Tensor[[64, 128], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 128])
        tg = pl.load(g, [0, 0], [1, 128])
        tb = pl.load(b, [0, 0], [1, 128])
        tmp = pl.create_tile([64, 128], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        mean = pl.mul(pl.row_sum(t, tmp), 1.0 / 128)
        c = pl.row_expand_sub(t, mean)
        var = pl.mul(pl.row_sum(pl.mul(c, c), tmp), 1.0 / 128)
        r = pl.rsqrt(pl.add(var, 1e-5))
        n = pl.col_expand_add(pl.col_expand_mul(pl.row_expand_mul(c, r), tg), tb)
        return pl.store(n, [0, 0], [64, 128], y)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[64, 128], pl.FP32],
        g: pl.Tensor[[1, 128], pl.FP32],
        b: pl.Tensor[[1, 128], pl.FP32],
        y: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
    ) -> pl.Tensor[[64, 128], pl.FP32]:
        y_ret = self.layer_norm(x, g, b, y)
        return y_ret
