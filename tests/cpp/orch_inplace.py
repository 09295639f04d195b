# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,simplify,verify,init_memref,memory_reuse,allocate_memory_addr
# cpp.md 6.1, the test_inplace_tensor variant: no intermediate tensor, so the
# external tensors are followed by two empty lines before Task 0; c is both
# passed and returned and gets no second slot (3 arguments).
import pypto.language as pl


@pl.program
class OrchInplace:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel_add(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        b: pl.Tensor[[16, 16], pl.FP32],
        output: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        tile_a: pl.Tile[[16, 16], pl.FP32] = pl.load(a, [0, 0], [16, 16])
        tile_b: pl.Tile[[16, 16], pl.FP32] = pl.load(b, [0, 0], [16, 16])
        tile_c: pl.Tile[[16, 16], pl.FP32] = pl.add(tile_a, tile_b)
        out: pl.Tensor[[16, 16], pl.FP32] = pl.store(tile_c, [0, 0], [16, 16], output)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch_inplace(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
                     c: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        c = self.kernel_add(a, b, c)
        return c
