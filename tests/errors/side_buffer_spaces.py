# pyptocc-flags: --emit=pto
# A biased matmul's bias is in Bias: one in Mat is moved there (as the
# operands in Mat are moved to Left and Right), and so is one loaded
# into Vec that only the product reads (InferTileMemorySpace loads it
# into Mat); one in Left is an error (the bias table is filled from Mat
# only).
import pypto.language as pl


@pl.program
class SideBufferSpaces:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 32], pl.FP16],
        b: pl.Tensor[[32, 32], pl.FP16],
        bias: pl.Tensor[[1, 32], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
        out2: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        bias_l = pl.move(pl.load(bias, [0, 0], [1, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        c = pl.matmul_bias(a_l, b_r, bias_l)
        out = pl.store(c, [0, 0], out)
        c2 = pl.matmul_bias(a_l, b_r, pl.load(bias, [0, 0], [1, 32]))
        out2 = pl.store(c2, [0, 0], out2)
        return out, out2
