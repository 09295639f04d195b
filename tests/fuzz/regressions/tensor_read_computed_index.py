# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,simplify,verify,init_memref,memory_reuse,allocate_memory_addr
# Orchestration code (cpp.md 6.2): a loop over row blocks with views of
# external and created tensors, each body in PTO2_SCOPE; a scalar carried by
# the loop; tensor.read with a constant and a computed index, tensor.dim; an
# if with a scalar result; scalar task arguments (an FP32 variable, a float
# constant, an integer constant and variable); a kernel with two outputs
# unpacked from its tuple; a variable named after a C++ keyword (v_new).
# Func ids follow the first calls: scale 0, pair 1.
import pypto.language as pl


@pl.program
class OrchControl:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[32, 64], pl.FP32], f: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64],
              out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        t2 = pl.muls(t, f)
        t3 = pl.adds(t2, n)
        r = pl.store(t3, [0, 0], [32, 64], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def pair(self, x: pl.Tensor[[32, 64], pl.FP32], lo: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
             hi: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> tuple[pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 64], pl.FP32]]:
        t = pl.load(x, [0, 0], [32, 64])
        a = pl.mins(t, 0.0)
        b = pl.maxs(t, 0.0)
        r1 = pl.store(a, [0, 0], [32, 64], lo)
        r2 = pl.store(b, [0, 0], [32, 64], hi)
        return r1, r2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32], cfg: pl.Tensor[[2, 4], pl.INT64],
             y: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        tmp = pl.create_tensor([128, 64], dtype=pl.FP32)
        lo = pl.create_tensor([32, 64], dtype=pl.FP32)
        hi = pl.create_tensor([32, 64], dtype=pl.FP32)
        blocks = pl.tensor.read(cfg, [1, 2])
        rows = pl.tensor.dim(x, 0)
        new: pl.Scalar[pl.FP32] = 0.5
        done: pl.Scalar[pl.INT64] = 0
        for i in pl.range(0, rows, 32):
            xi = pl.view(x, [32, 64], [i, 0])
            ti = pl.view(tmp, [32, 64], [i, 0])
            yi = pl.view(y, [32, 64], [i, 0])
            k = pl.tensor.read(cfg, [i // 64, i % 4])
            ti = self.scale(xi, new, k, ti)
            yi = self.scale(ti, 2.0, 3, yi)
            done = done + blocks
        if done > 0:
            m = done
        else:
            m = rows
        y0 = pl.view(y, [32, 64], [0, 0])
        lo, hi = self.pair(y0, lo, hi)
        lo = self.scale(hi, new, m, lo)
        return y
