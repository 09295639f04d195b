# pyptocc-flags: --passes=default
# A linear layer y = x w^T with FP16 operands too large for the cube's
# buffers: x is [512, 768], the weight w is stored [384, 768], y is
# [512, 384] FP32.  ConvertTensorToBlockOps transposes w on the vector
# unit in blocks of rows (a block of rows becomes a block of columns of
# w^T), then multiplies in blocks of M, N and K that fit L0A, L0B, L0C and
# L1, accumulating over K in L0C.
import pypto.language as pl

M = 512
K = 768
N = 384


@pl.program
class TensorMatmul:
    @pl.function(type=pl.FunctionType.InCore)
    def linear(self, x: pl.Tensor[[M, K], pl.FP16], w: pl.Tensor[[N, K], pl.FP16]) -> pl.Tensor[[M, N], pl.FP32]:
        return pl.matmul(x, w, b_trans=True, out_dtype=pl.FP32)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[M, K], pl.FP16], w: pl.Tensor[[N, K], pl.FP16]) -> pl.Tensor[[M, N], pl.FP32]:
        y = self.linear(x, w)
        return y
