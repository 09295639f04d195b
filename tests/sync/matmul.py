# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,simplify,verify,init_memref,memory_reuse,insert_sync,allocate_memory_addr
# The matmul kernel of cpp.md 5.2: MTE2->MTE1 with ids 0 and 1 (one per
# load/move pair: neither pair lies inside the other, and the first still
# holds id 0 when the second load sets its flag), then MTE1->M (the first
# move's pair is dropped, rule 4), then M->FIX (a store from Acc).  The
# orchestrator is not a kernel and is left alone.
import pypto.language as pl


@pl.program
class MatmulProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def matmul(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        b: pl.Tensor[[64, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        tile_a_l1 = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        tile_b_l1 = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        tile_a_l0a = pl.move(tile_a_l1, target_memory=pl.MemorySpace.Left)
        tile_b_l0b = pl.move(tile_b_l1, target_memory=pl.MemorySpace.Right)
        tile_c_l0c = pl.matmul(tile_a_l0a, tile_b_l0b)
        out_c = pl.store(tile_c_l0c, [0, 0], [64, 64], c)
        return out_c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        b: pl.Tensor[[64, 64], pl.FP32],
        out_c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        out_c_ret = self.matmul(a, b, out_c)
        return out_c_ret
