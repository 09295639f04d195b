# A kernel whose vector side runs on both AIV lanes (a region crossing
# from the cube as halves) holds two more regions: one of mode NONE, whose
# body each lane runs once for its own lane (rows lane*16 of y += x + 1),
# and one of mode UP_DOWN without a crossing, each lane computing its half
# of z = 3x.  Looping over the lanes there would run both lanes' work on
# each lane (the NONE body's atomic adds twice).
import pypto.language as pl

N = 32
H = N // 2


@pl.program
class LanesMixed:
    @pl.function
    def main(self, a: pl.Tensor[[N, N], pl.FP32], x: pl.Tensor[[N, N], pl.FP32],
             out: pl.Out[pl.Tensor[[N, N], pl.FP32]], y: pl.InOut[pl.Tensor[[N, N], pl.FP32]],
             z: pl.Out[pl.Tensor[[N, N], pl.FP32]]):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="lanes"):
            a_l1 = pl.load(a, [0, 0], [N, N], target_memory=pl.MemorySpace.Mat)
            acc = pl.matmul(pl.move(a_l1, target_memory=pl.MemorySpace.Left),
                            pl.move(a_l1, target_memory=pl.MemorySpace.Right))
            for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                h = pl.aiv_shard(acc)
                out = pl.store(h, [lane * H, 0], out)
            for lane2 in pl.split_aiv(2, mode=pl.SplitMode.NONE):
                t = pl.load(x, [lane2 * H, 0], [H, N])
                y = pl.store(pl.adds(t, 1.0), [lane2 * H, 0], y, atomic=pl.AtomicType.Add)
            for lane3 in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                u = pl.load(x, [0, 0], [N, N])
                z = pl.store(pl.muls(u, 3.0), [0, 0], z)
        return out, y, z
