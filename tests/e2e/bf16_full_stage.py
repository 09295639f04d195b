# A BF16 staging tile of 96 KiB filled with pl.full and written row by row
# from gathered source rows (a row whose index is negative keeps the fill),
# then stored once: out[r, :] = src[idx[r], :] if idx[r] >= 0 else 1.5.
# TEXPANDS takes BF16 on A2/A3 and A5, so the fill is one BF16 tile (filled
# in FP32 and cast, the tile took 192 KiB and the plan 193 KiB of A2/A3's
# 192 KiB Vec).
import pypto.language as pl

R = 96
C = 512
N = 128


@pl.program
class Bf16FullStage:
    @pl.function(type=pl.FunctionType.InCore)
    def stage_rows(self, src: pl.Tensor[[N, C], pl.BF16], idx: pl.Tensor[[R], pl.INT32],
                   out: pl.Out[pl.Tensor[[R, C], pl.BF16]]) -> pl.Tensor[[R, C], pl.BF16]:
        stage = pl.full([R, C], dtype=pl.BF16, value=1.5)
        for r in pl.range(R):
            raw = pl.read(idx, [r])
            if raw >= 0:
                row = pl.cast(raw, pl.INDEX)
                stage[r:r + 1, :] = src[row:row + 1, :]
        out = pl.assemble(out, stage, [0, 0])
        return out
