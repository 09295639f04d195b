# Softmax-like row reductions (pto-mlir.md 11.3 in seed syntax): the tmp
# tiles of the row reductions are scratch buffers, dropped in value form;
# the [64, 1] results are Vec tiles in the DN layout.
import pypto.language as pl


@pl.program
class TileSoftmaxProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def tile_softmax(self, a: pl.Tensor[[64, 64], pl.FP32],
                     output: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        tile_a = pl.load(a, [0, 0], [64, 64])
        max_tmp = pl.create_tile([64, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        row_max: pl.Tile[[64, 1], pl.FP32] = pl.row_max(tile_a, max_tmp)
        shifted = pl.row_expand_sub(tile_a, row_max)
        exp_shifted = pl.exp(shifted)
        sum_tmp = pl.create_tile([64, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        row_sum: pl.Tile[[64, 1], pl.FP32] = pl.row_sum(exp_shifted, sum_tmp)
        result = pl.row_expand_div(exp_shifted, row_sum)
        out = pl.store(result, [0, 0], [64, 64], output)
        return out
