# A pl.split_aiv region of mode UP_DOWN: each of the two AIV lanes loads,
# computes and stores half of the rows of every tile the body writes in
# full (rows lane*16 .. lane*16+15), and reads its lane index: lane 1's
# rows are scaled by 2.  Row sums and their broadcast stay within a lane.
import pypto.language as pl

ROWS = 32
COLS = 64


@pl.jit
def split_up_down(x: pl.Tensor[[ROWS, COLS], pl.FP32], y: pl.Tensor[[ROWS, COLS], pl.FP32],
                  out: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]], sums: pl.Out[pl.Tensor[[ROWS, 1], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            a = pl.load(x, [0, 0], [ROWS, COLS])
            b = pl.load(y, [0, 0], [ROWS, COLS])
            s = pl.mul(pl.add(pl.exp(a), b), pl.cast(lane + 1, pl.FP32))
            rs = pl.row_sum(s, pl.tile.create([ROWS, COLS], dtype=pl.FP32, target_memory=pl.Mem.Vec))
            out = pl.store(pl.row_expand_sub(s, rs), [0, 0], out)
            sums = pl.store(rs, [0, 0], sums)
    return out, sums
