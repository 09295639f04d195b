# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# The softmax kernel of pto-mlir.md 11.3 in seed syntax.  Without in-place
# reuse: tile_a_0/exp_shifted_0 at 0, max_tmp_0/sum_tmp_0 at 16384,
# row_max_0/row_sum_0 at 16640, shifted_0/result_0 at 16896.  (row_sum_0
# cannot take max_tmp_0's MemRef: sum_tmp_0 has it and is read by the
# row_sum; result_0 is too large for the [64, 1] MemRefs.)
import pypto.language as pl


@pl.program
class TileSoftmaxProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def tile_softmax(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        output: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
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

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        output: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        output_ret = self.tile_softmax(a, output)
        return output_ret
