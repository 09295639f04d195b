# Matrix products fed Vec tiles (InferTileMemorySpace): x and w are loaded
# without target_memory= (Vec, the default) and only products read them,
# so they load into Mat; h is computed on the vector unit (a ReLU), so it
# is moved into Mat, through the cross-core pipe once ExpandMixedKernel
# has split the kernel; the bias loaded into Vec loads into Mat and moves
# to Bias.
#   y = relu(x @ w + bias) @ v
import pypto.language as pl


@pl.program
class MatmulVecLoads:
    @pl.function(type=pl.FunctionType.InCore)
    def mlp(
        self,
        x: pl.Tensor[[16, 64], pl.FP32],
        w: pl.Tensor[[64, 32], pl.FP32],
        bias: pl.Tensor[[1, 32], pl.FP32],
        v: pl.Tensor[[32, 16], pl.FP32],
        y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        x_t = pl.load(x, [0, 0], [16, 64])
        w_t = pl.load(w, [0, 0], [64, 32])
        b_t = pl.load(bias, [0, 0], [1, 32])
        acc = pl.matmul_bias(x_t, w_t, b_t)
        h = pl.relu(pl.move(acc, target_memory=pl.Mem.Vec))
        v_t = pl.load(v, [0, 0], [32, 16])
        out = pl.matmul(h, v_t)
        y = pl.store(out, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[16, 64], pl.FP32],
        w: pl.Tensor[[64, 32], pl.FP32],
        bias: pl.Tensor[[1, 32], pl.FP32],
        v: pl.Tensor[[32, 16], pl.FP32],
        y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        y = self.mlp(x, w, bias, v, y)
        return y
