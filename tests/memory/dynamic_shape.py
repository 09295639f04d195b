# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,simplify,verify,init_memref,memory_reuse,allocate_memory_addr
# A tile whose shape is not constant has MemRef size 0 (passes.md 5.5
# step 4).  MemoryReuse leaves such MemRefs alone (their real sizes are
# unknown), and AllocateMemoryAddr reports each of them instead of placing
# them all at one address (pyptocc).  Without Legalize: in the outputs'
# pipelines Legalize reports such a tile first, for every output
# (tests/errors/legal_kernel_rules).
import pypto.language as pl


@pl.program
class Dynamic:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
          n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        x = pl.load(a, [0, 0], [n, 64])
        y = pl.exp(x)
        z = pl.exp(y)
        s = pl.store(z, [0, 0], [n, 64], out)
        return s
