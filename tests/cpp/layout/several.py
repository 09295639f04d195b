# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,simplify,verify,init_memref,memory_reuse,allocate_memory_addr
# --output-dir without an Orchestration function: one file per kernel (a
# cube kernel under aic), and kernel_config.py listing every kernel, with
# func ids in program order and no ORCHESTRATION entry.  (The single
# translation unit runs each kernel on arguments of its own.)
import pypto.language as pl


@pl.program
class Several:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 64], pl.FP32], f: pl.Scalar[pl.FP32],
              out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 64])
        u = pl.muls(t, f)
        r = pl.store(u, [0, 0], [16, 64], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def matmul(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16],
               c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a1 = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        b1 = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        a0 = pl.move(a1, target_memory=pl.MemorySpace.Left)
        b0 = pl.move(b1, target_memory=pl.MemorySpace.Right)
        m = pl.matmul(a0, b0)
        r = pl.l0c_store(m, [0, 0], [64, 64], c)
        return r
