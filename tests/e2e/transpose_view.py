# tile.transpose_view: B stored [N, K] (a weight kept transposed) is loaded
# into Mat as it is (NZ) and read as its transpose [K, N] (ZN, the same
# bytes, no data moves), which TMOV takes into Right: c = a @ b^T without
# a vector transpose. FP16 operands, FP32 product.
import pypto.language as pl


@pl.program
class TransposeView:
    @pl.function(type=pl.FunctionType.InCore)
    def transpose_view(
        self,
        a: pl.Tensor[[64, 64], pl.FP16],
        b: pl.Tensor[[32, 64], pl.FP16],
        c: pl.Out[pl.Tensor[[64, 32], pl.FP32]],
    ) -> pl.Tensor[[64, 32], pl.FP32]:
        a_l1 = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        b_l1 = pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        b_t = pl.tile.transpose_view(b_l1)
        a_l0 = pl.move(a_l1, target_memory=pl.Mem.Left)
        b_l0 = pl.move(b_t, target_memory=pl.Mem.Right)
        acc = pl.matmul(a_l0, b_l0)
        r = pl.store(acc, [0, 0], c)
        return r
