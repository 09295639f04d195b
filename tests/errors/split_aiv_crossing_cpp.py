# A pl.split_aiv region that crosses from the cube to the AIV lanes as
# halves (pl.aiv_shard with split=1) compiles to PTO; its C++ has no form
# on the CPU runtime, which runs one AIV lane: located errors naming the
# push and the pop.
# pyptocc-flags: --emit=cpp
import pypto.language as pl

N = 32


@pl.program
class CrossingCpp:
    @pl.function
    def main(self, a: pl.Tensor[[N, N], pl.FP32], out: pl.Out[pl.Tensor[[N, N], pl.FP32]]):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="shard"):
            a_l1 = pl.load(a, [0, 0], [N, N], target_memory=pl.MemorySpace.Mat)
            acc = pl.matmul(pl.move(a_l1, target_memory=pl.MemorySpace.Left),
                            pl.move(a_l1, target_memory=pl.MemorySpace.Right))
            for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                h = pl.aiv_shard(acc)
                out = pl.store(h, [lane * (N // 2), 0], out)
        return out
