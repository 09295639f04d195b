# GP9 of printer.md: kwargs, typed constants, InOut.
@pl.program
class K:
    @pl.function
    def f(self, x: pl.Tensor[[64, 128], pl.FP16], w: pl.Tensor[[128, 64], pl.FP16], y: pl.Tensor[[64, 64], pl.FP32],
          t: pl.Tile[[32, 32], pl.FP32], scale: pl.Scalar[pl.FP32], out: pl.InOut[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        m: pl.Tensor[[64, 64], pl.FP32] = pl.matmul(x, w, out_dtype=pl.FP32, a_trans=False, b_trans=False)
        h: pl.Tensor[[64, 64], pl.FP32] = pl.mul(y, 0.5)
        z: pl.Tensor[[64, 64], pl.FP16] = pl.cast(h, target_type=pl.FP16, mode="round")
        r: pl.Tensor[[64, 1], pl.FP16] = pl.row_max(z)
        c1: pl.Scalar[pl.INT32] = pl.const(7, pl.INT32)
        c2: pl.Scalar[pl.FP16] = pl.const(1.5, pl.FP16)
        t2: pl.Tile[[32, 32], pl.FP32] = pl.mul(t, scale)
        t3: pl.Tile[[32, 32], pl.FP32] = pl.block.adds(t2, 3)
        t4: pl.Tile[[32, 1], pl.FP32] = pl.block.sum(t3, axis=1, keepdim=True)
        return m
