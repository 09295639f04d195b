# Softmax with a scale of FP16 logits, computed in FP32: y = softmax(x *
# scale) along each row of a 32x64 tensor (scale an FP32 parameter), in two
# 16-row blocks, cast back to FP16.  Uses cast, muls, row_max,
# row_expand_sub, exp, row_sum and row_expand_div.
import pypto.language as pl

ROWS = 32
COLS = 64
BLOCK = 16


@pl.program
class SoftmaxScaleF16:
    @pl.function(type=pl.FunctionType.InCore)
    def softmax_scale_f16(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.FP16],
        scale: pl.Scalar[pl.FP32],
        y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP16]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP16]:
        for i, (acc,) in pl.range(0, ROWS, BLOCK, init_values=(y,)):
            t = pl.cast(pl.load(x, [i, 0], [BLOCK, COLS]), target_type=pl.FP32)
            ts = pl.muls(t, scale)
            tmp = pl.create_tile([BLOCK, COLS], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
            e = pl.exp(pl.row_expand_sub(ts, pl.row_max(ts, tmp)))
            r = pl.row_expand_div(e, pl.row_sum(e, tmp))
            stored = pl.store(pl.cast(r, target_type=pl.FP16, mode="rint"), [i, 0], [BLOCK, COLS], acc)
            acc = pl.yield_(stored)
        return acc
