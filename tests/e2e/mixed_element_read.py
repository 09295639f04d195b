# A kernel of block ops of both units whose only tensor op reads an
# element (the row to start at, from a tensor of indices): one kernel of
# both units, which ExpandMixedKernel splits, each side reading the
# element it needs.  Run with first = [16]: o = 2 (a[16:32] @ b).
import pypto.language as pl


@pl.jit
def mixed_element_read(
    a: pl.Tensor[[32, 32], pl.FP32],
    b: pl.Tensor[[32, 64], pl.FP32],
    first: pl.Tensor[[1], pl.INT32],
    o: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
):
    for blk in pl.spmd(1, name_hint="mm_from_row"):
        # clamped into a's rows (the standalone run fills first with -8..7)
        r = pl.cast(pl.max(pl.min(pl.read(first, [0]), 16), 0), pl.INDEX)
        at = pl.load(a, [r, 0], [16, 32], target_memory=pl.Mem.Mat)
        bt = pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        c = pl.matmul(at, bt)
        pl.store(pl.add(c, c), [0, 0], o)
    return o
