# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,simplify,verify,init_memref,memory_reuse,insert_sync,allocate_memory_addr
# The softmax kernel of cpp.md 5.3: one MTE2->V pair from the load to the
# row_max (the create_tile between them has no pipe; the later readers of
# tile_a_0 and the exp that rewrites its MemRef are covered by it, rule
# 4), a bar_v before each later vector op (each depends on the one before
# it; the row_sum also rewrites the tmp MemRef the row_max wrote), and one
# V->MTE3 pair before the store.
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
