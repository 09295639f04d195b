# A kernel of both units whose tensors have a dynamic row count T (a
# name of the kernel's, not a parameter) and whose if stores on the cube
# side in one branch and on the vector side in the other: each side's
# kernel reads T from its own parameters.  Run with T = 32: rows 0-15 of
# o are a @ b, rows 16-31 are 2 (a @ b).  One block loops over the two
# row blocks: blocks of one mixed kernel running at once share its pipe
# in pto-isa's CPU simulator (the conformance run mixes their tiles).
import pypto.language as pl

T = pl.dynamic("T")


@pl.jit
def mixed_dynamic_if(
    a: pl.Tensor[[T, 32], pl.FP32],
    b: pl.Tensor[[32, 64], pl.FP32],
    o: pl.Out[pl.Tensor[[T, 64], pl.FP32]],
):
    for blk in pl.spmd(1, name_hint="mm_rows"):
        for i in pl.range(2):
            r = i * 16
            at = pl.load(a, [r, 0], [16, 32], target_memory=pl.Mem.Mat)
            bt = pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
            c = pl.matmul(at, bt)
            if i == 0:
                pl.store(c, [r, 0], o)
            else:
                pl.store(pl.add(c, c), [r, 0], o)
    return o
