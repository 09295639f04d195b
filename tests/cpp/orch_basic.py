# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,simplify,verify,init_memref,memory_reuse,allocate_memory_addr
# cpp.md 6.1: the reference's orchestration golden (test_basic_structure).
# The returned d is a slot of its own (ARG_PTR_D) and the tensor created
# as d_0 is its buffer; c is an intermediate tensor.  tests/cpp_layout.test
# checks orchestration/orch_basic.cpp and kernel_config.py (cpp.md 7) byte
# for byte.
import pypto.language as pl


@pl.program
class OrchBasic:
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
    def orch_basic(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        c: pl.Tensor[[16, 16], pl.FP32] = pl.create_tensor([16, 16], dtype=pl.FP32)
        c = self.kernel_add(a, b, c)
        d: pl.Tensor[[16, 16], pl.FP32] = pl.create_tensor([16, 16], dtype=pl.FP32)
        d = self.kernel_add(c, b, d)
        return d
