# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,convert_tensor_to_block_ops
# ConvertTensorToBlockOps on the reference's documented cases (pypto
# fa5f00b9, tests of convert_tensor_to_block_ops_pass), in this project's
# words: each tensor parameter of an InCore function is loaded into a Vec
# tile, each tensor op becomes its block op (add, mul; add_scalar as
# adds; exp), chains use the converted values, 2-D tensors get 2-D
# offsets and shapes, and each returned tensor is stored into a new Out
# parameter that the caller creates (pl.tensor.create) and passes; a result
# assembled into the Out parameter the caller already passes is stored
# there and returned as it is (no new parameter).
import pypto.language as pl


@pl.program
class Basic:
    @pl.function(type=pl.FunctionType.InCore)
    def double(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def sum2(self, a: pl.Tensor[[64], pl.FP32], b: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        c: pl.Tensor[[64], pl.FP32] = pl.add(a, b)
        return c

    @pl.function(type=pl.FunctionType.InCore)
    def chain(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        u: pl.Tensor[[64], pl.FP32] = pl.mul(t, t)
        return u

    @pl.function(type=pl.FunctionType.InCore)
    def half2d(self, x: pl.Tensor[[32, 64], pl.FP16]) -> pl.Tensor[[32, 64], pl.FP16]:
        y: pl.Tensor[[32, 64], pl.FP16] = pl.add(x, x)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def plus_one(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.add(x, 1.0)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def expo(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.exp(x)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def into_out(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.assemble(out, pl.exp(x), [0])
        return y

    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32], h: pl.Tensor[[32, 64], pl.FP16], o: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        a = self.double(x)
        b = self.sum2(a, x)
        c = self.chain(b)
        d = self.half2d(h)
        e = self.plus_one(c)
        f = self.expo(e)
        g = self.into_out(f, o)
        return g
