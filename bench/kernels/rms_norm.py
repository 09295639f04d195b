# bench/cycles: RMS norm of one 64x128 FP32 tile with a [1, 128] weight:
#   y[i, :] = x[i, :] / sqrt(mean(x[i, :]^2) + eps) * w
import pypto.language as pl


@pl.program
class RmsNorm:
    @pl.function(type=pl.FunctionType.InCore)
    def rms_norm(
        self,
        x: pl.Tensor[[64, 128], pl.FP32],
        w: pl.Tensor[[1, 128], pl.FP32],
        y: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
    ) -> pl.Tensor[[64, 128], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 128])
        tw = pl.load(w, [0, 0], [1, 128])
        tmp = pl.create_tile([64, 128], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        ss = pl.row_sum(pl.mul(t, t), tmp)
        r = pl.rsqrt(pl.add(pl.mul(ss, 1.0 / 128), 1e-6))
        n = pl.col_expand_mul(pl.row_expand_mul(t, r), tw)
        return pl.store(n, [0, 0], [64, 128], y)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[64, 128], pl.FP32],
        w: pl.Tensor[[1, 128], pl.FP32],
        y: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
    ) -> pl.Tensor[[64, 128], pl.FP32]:
        y_ret = self.rms_norm(x, w, y)
        return y_ret
