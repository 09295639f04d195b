# pl.aic_gather joins the two AIV lanes' halves by position (lane 1's half
# where lane 0's box ends), so a half valid to only part of its box on the
# split axis would leave a gap in the cube's tile, which the pipe's push
# refuses; the error says how much is valid and that pl.fillpad fills it.
# pyptocc-flags: --emit=pto
import pypto.language as pl


@pl.program
class GatherPartial:
    @pl.function
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], w: pl.Tensor[[32, 16], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        with pl.at(level=pl.Level.CORE_GROUP):
            for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                half = pl.load(x, [lane * 8, 0], [8, 32], valid_shape=[5, 32])
                doubled = pl.mul(half, 2.0)
                whole = pl.aic_gather(doubled)
            wm = pl.load(w, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
            r = pl.matmul(pl.move(whole, target_memory=pl.MemorySpace.Left),
                          pl.move(wm, target_memory=pl.MemorySpace.Right))
            out = pl.store(r, [0, 0], out)
        return out
