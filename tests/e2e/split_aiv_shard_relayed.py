# pl.aiv_shard of a tensor-level matmul result: the product is computed by
# a cube kernel of its own and crosses to the vector kernel through global
# memory, where each AIV lane takes its half of the rows (UP_DOWN) or of
# the columns (LEFT_RIGHT) and stores exp of it, or the half plus one, at
# the half's own place.
import pypto.language as pl

N = 64
HALF = N // 2


@pl.program
class RelayedShard:
    @pl.function
    def main(self, a: pl.Tensor[[N, N], pl.FP32], b: pl.Tensor[[N, N], pl.FP32],
             out: pl.Out[pl.Tensor[[N, N], pl.FP32]], out2: pl.Out[pl.Tensor[[N, N], pl.FP32]]):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="rows"):
            qk = pl.matmul(a, b)
            for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                half = pl.aiv_shard(qk)
                out[lane * HALF : lane * HALF + HALF, 0:N] = pl.exp(half)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="cols"):
            kq = pl.matmul(b, a)
            for lane in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
                cols = pl.aiv_shard(kq)
                out2[0:N, lane * HALF : lane * HALF + HALF] = pl.add(cols, 1.0)
        return out, out2
