# A kernel of tensor ops whose output has a run-time row count and is
# written in place two loops and an if deep: the row loop runs to a
# run-time count, full 16-row blocks are written by an inner loop over
# column blocks, and a block past the count is left as it was.  The
# output stays one buffer in global memory through every level (not a
# tile of run-time shape).  y[r, :] = 2 * x[r, :] for r below the last
# full block under n; y keeps its values elsewhere.
import pypto.language as pl

T = pl.dynamic("T")


@pl.jit
def nested_write_dynamic(x: pl.Tensor[[T, 128], pl.FP32], y: pl.InOut[pl.Tensor[[T, 128], pl.FP32]],
                         n: pl.Scalar[pl.INDEX]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="blocks"):
        for r in pl.range(0, n, 16):
            if r + 16 <= n:
                for c in pl.range(0, 128, 64):
                    y[r : r + 16, c : c + 64] = pl.mul(x[r : r + 16, c : c + 64], 2.0)
    return y
