# pyptocc-flags: --passes=default
# A tensor accumulator of pl.matmul_acc is held in Acc, which only a
# product can start: not a parameter; a created (zero) accumulator only
# where the first step surely runs and nothing else reads the zeros; and
# it stays in one kernel, so its loop cannot need the vector unit too.
# An operand partly valid along K is refused as for pl.matmul.
import pypto.language as pl


@pl.program
class MatmulAccErrors:
    @pl.function(type=pl.FunctionType.InCore)
    def from_param(self, x: pl.Tensor[[16, 16], pl.FP32], a: pl.Tensor[[16, 32], pl.FP16]) -> pl.Tensor[[16, 16], pl.FP32]:
        return pl.matmul_acc(x, a, a, b_trans=True)

    @pl.function(type=pl.FunctionType.InCore)
    def may_not_run(self, a: pl.Tensor[[16, 256], pl.FP16], b: pl.Tensor[[256, 16], pl.FP16],
                    n: pl.Scalar[pl.INT64]) -> pl.Tensor[[16, 16], pl.FP32]:
        acc = pl.create_tensor([16, 16], dtype=pl.FP32)
        for k0 in pl.range(0, n, 64):
            acc = pl.matmul_acc(acc, a[:, k0 : k0 + 64], b[k0 : k0 + 64, :])
        return acc

    @pl.function(type=pl.FunctionType.InCore)
    def zeros_read(self, a: pl.Tensor[[16, 256], pl.FP16], b: pl.Tensor[[256, 16], pl.FP16]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        acc = pl.create_tensor([16, 16], dtype=pl.FP32)
        z = acc
        for k0 in pl.range(0, 256, 64):
            acc = pl.matmul_acc(acc, a[:, k0 : k0 + 64], b[k0 : k0 + 64, :])
        return acc, z

    @pl.function(type=pl.FunctionType.InCore)
    def vector_in_loop(self, a: pl.Tensor[[16, 256], pl.FP16], b: pl.Tensor[[256, 16], pl.FP16]) -> pl.Tensor[[16, 16], pl.FP32]:
        acc = pl.matmul(a[:, 0:64], b[0:64, :], out_dtype=pl.FP32)
        for k0 in pl.range(64, 256, 64):
            acc = pl.matmul_acc(acc, pl.exp(a[:, k0 : k0 + 64]), b[k0 : k0 + 64, :])
        return acc

    @pl.function(type=pl.FunctionType.InCore)
    def partly_valid_k(self, a: pl.Tensor[[16, 256], pl.FP16], b: pl.Tensor[[256, 16], pl.FP16]) -> pl.Tensor[[16, 16], pl.FP32]:
        acc = pl.matmul(a[:, 0:64], b[0:64, :], out_dtype=pl.FP32)
        for k0 in pl.range(64, 256, 64):
            av = pl.slice(a, [16, 64], [0, k0], valid_shape=[16, 40])
            acc = pl.matmul_acc(acc, av, b[k0 : k0 + 64, :])
        return acc
