# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,simplify,verify,legalize,init_memref,memory_reuse,allocate_memory_addr
# Parameters and GlobalTensors (cpp.md 3, 4.2): tensors, then scalars, then
# one int64_t per symbolic dimension (N, M), which kernel_entry reads from
# the first tensor that has it; a 1-D tensor and tile (Shape <1, 1, 1, 1, n>);
# a column vector [64, 1] (DN, strides (1, 64)); offsets folded (constant
# terms summed, zero terms left out) and scaled by the tensor's strides.  A
# directly run kernel: N's tensors have shape 0 (known at run time) in the
# argument table.
import pypto.language as pl

N = pl.dynamic("N")
M = pl.dynamic("M")


@pl.program
class Shapes:
    @pl.function(type=pl.FunctionType.InCore)
    def shapes(self, x: pl.Tensor[[N, 64], pl.FP32], v: pl.Tensor[[256], pl.FP32],
               col: pl.Tensor[[64, 1], pl.FP32], y: pl.Tensor[[M, 32], pl.FP32],
               k: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[N, 64], pl.FP32]],
               vout: pl.Out[pl.Tensor[[256], pl.FP32]]) -> pl.Tensor[[N, 64], pl.FP32]:
        t = pl.block.load(x, [k * 16 + 1, 0], [16, 64])
        u = pl.block.load(v, [64 + 32], [64])
        w = pl.block.exp(u)
        c = pl.block.load(col, [0, 0], [64, 1])
        c2 = pl.block.muls(c, 2.0)
        e = pl.block.load(y, [k, 16], [16, 16])
        e2 = pl.block.adds(e, 1.0)
        s = pl.block.store(t, [k, 0], [16, 64], out)
        s2 = pl.block.store(w, [128], [64], vout)
        s3 = pl.block.store(c2, [0, 0], [64, 1], col)
        s4 = pl.block.store(e2, [k + 2, 0], [16, 16], y)
        return s
