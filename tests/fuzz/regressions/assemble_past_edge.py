# CI's fuzz finding on c57ac95: an assemble whose source, at its offset,
# runs past the target's edge reached ConvertTensorToBlockOps, which
# stopped on an internal error.  Now a static window past a tensor's edge
# (view, assemble, load, store) is the type deduction's located error.
# Simplify: dead-code elimination.  A definition nobody uses is removed
# when computing it has no effect: tile ops (loads, elementwise ops,
# reductions, tile creation), tensor views and creations, scalar code.
# Removing one can kill the definitions it used (tb feeds only e, which
# feeds only the unused f).  Kept even when unused: stores (r2), system
# ops, tensor.assemble (it writes its target) and calls of functions
# (their results done1 and done2 are unused).
# pyptocc-flags: --passes=convert_to_ssa,simplify
import pypto.language as pl


@pl.program
class Dead:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        ta = pl.load(a, [0, 0], [64, 64])
        tb = pl.load(b, [0, 0], [64, 64])
        e = pl.exp(tb)
        f = pl.add(e, ta)
        tmp = pl.create_tile([64, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        mx = pl.row_max(ta, tmp)
        scale: pl.Scalar[pl.FP32] = 2.0
        unused_scale = scale * 4.0
        c = pl.muls(ta, scale)
        pl.system.bar_v()
        r = pl.store(c, [0, 0], [64, 64], out)
        r2 = pl.store(c, [0, 0], [64, 64], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32], y: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        scratch = pl.create_tensor([65, 64], dtype=pl.FP32)
        unused_view = pl.view(x, [64, 64], [64, 0])
        x0 = pl.view(x, [64, 64], [0, 0])
        x1 = pl.view(x, [64, 64], [64, 0])
        y0 = pl.view(y, [64, 64], [0, 0])
        done1 = self.kernel(x0, x1, y0)
        done2 = self.kernel(x1, x0, scratch)
        merged = pl.assemble(y, scratch, [64, 0])
        return y
