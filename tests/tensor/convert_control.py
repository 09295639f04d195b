# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,convert_tensor_to_block_ops
# ConvertTensorToBlockOps with control flow (the reference's
# TestNestedControlFlow cases): tensor ops in both branches of an if in an
# InCore function become block ops, and the if's result becomes a Tile that
# is stored after it; a call inside a loop of the caller gets its Out
# tensor created inside the loop, just before the call.
import pypto.language as pl


@pl.program
class Control:
    @pl.function(type=pl.FunctionType.InCore)
    def pick(self, n: pl.Scalar[pl.INT64], x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        if n == 0:
            y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
            z = pl.yield_(y)
        else:
            y: pl.Tensor[[64], pl.FP32] = pl.mul(x, x)
            z = pl.yield_(y)
        return z

    @pl.function(type=pl.FunctionType.InCore)
    def twice(self, acc: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.add(acc, acc)
        return y

    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64], pl.FP32]:
        for i, (acc,) in pl.range(3, init_values=(x,)):
            y: pl.Tensor[[64], pl.FP32] = self.twice(acc)
            z: pl.Tensor[[64], pl.FP32] = self.pick(n, y)
            acc = pl.yield_(z)
        return acc
