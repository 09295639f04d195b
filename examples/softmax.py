# Row-wise softmax of a 64x64 tile:  y[i, :] = exp(x[i, :] - max_i) / sum_i
import pypto.language as pl


@pl.program
class Softmax:
    @pl.function(type=pl.FunctionType.InCore)
    def softmax(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        tile = pl.load(x, [0, 0], [64, 64])
        max_tmp = pl.create_tile([64, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        row_max: pl.Tile[[64, 1], pl.FP32] = pl.row_max(tile, max_tmp)
        shifted = pl.row_expand_sub(tile, row_max)
        exps = pl.exp(shifted)
        sum_tmp = pl.create_tile([64, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        row_sum: pl.Tile[[64, 1], pl.FP32] = pl.row_sum(exps, sum_tmp)
        result = pl.row_expand_div(exps, row_sum)
        out = pl.store(result, [0, 0], [64, 64], y)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        y_ret = self.softmax(x, y)
        return y_ret
