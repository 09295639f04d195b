# pyptocc-flags: --emit=cpp --passes=convert_to_ssa,flatten_call_expr,simplify,verify,init_memref,memory_reuse,allocate_memory_addr
# Block ops without a C++ lowering are located errors that say why (cpp.md
# 4.3, ops.md 5): view (Legalize, not run here, copies it) and sels in a
# vector kernel; batch_matmul (a cube
# op) in a kernel of its own; gemv and
# gemv_acc (pyptocc: pto-isa's TGEMV wants a Left tile of 16-row fractal
# boxes with one valid row, which Legalize, not run here, makes), matmul_bias and
# gemv_bias (the Bias space) and move with transpose in a cube kernel.
# Every kernel is checked, although none is called.  The store of the
# transposed move's result is a mistake of its own (a store takes a Vec,
# Mat or Acc tile, not a Right one): the walk checks an op's rules on the
# types, whether or not its operand's definition failed (issue 12).
import pypto.language as pl


@pl.program
class NoLowering:
    @pl.function(type=pl.FunctionType.InCore)
    def vec(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.block.load(a, [0, 0], [16, 64])
        v = pl.block.view(t, [16, 16], [0, 0])
        s = pl.block.sels(t, t, 1)
        r = pl.block.store(s, [0, 0], [16, 64], out)
        r2 = pl.block.store(v, [0, 0], [16, 16], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def batched(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.block.load(a, [0, 0], [16, 16])
        b = pl.block.batch_matmul(t, t)
        r = pl.block.store(b, [0, 0], [16, 16], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def cube(self, a: pl.Tensor[[64, 64], pl.FP16], v: pl.Tensor[[16, 64], pl.FP16], bias: pl.Tensor[[1, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        m = pl.block.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        l = pl.block.move(m, target_memory=pl.MemorySpace.Left)
        r = pl.block.move(m, target_memory=pl.MemorySpace.Right, transpose=True)
        r2 = pl.block.move(m, target_memory=pl.MemorySpace.Right)
        vm = pl.block.load(v, [0, 0], [16, 64], target_memory=pl.MemorySpace.Mat)
        vl = pl.block.move(vm, target_memory=pl.MemorySpace.Left)
        g = pl.block.gemv(vl, r2)
        g2 = pl.block.gemv_acc(g, vl, r2)
        bt = pl.block.load(bias, [0, 0], [1, 64], target_memory=pl.MemorySpace.Vec)
        c = pl.block.matmul_bias(l, r2, bt)
        gb = pl.block.gemv_bias(vl, r2, bt)
        o = pl.block.store(c, [0, 0], [64, 64], out)
        o2 = pl.block.store(g2, [0, 0], [16, 64], out)
        o3 = pl.block.store(gb, [0, 0], [16, 64], out)
        o4 = pl.block.store(r, [0, 0], [64, 64], out)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        return a
