# A matmul in a loop whose right operand is a transpose_view of a Mat
# tile loaded before the loop: Legalize moves the view's tile into Right
# at the matmul, as it does where both are in one block.
# o[16 i : 16 i + 16] = a[16 i : 16 i + 16] @ b.T for i = 0, 1.
import pypto.language as pl


@pl.jit
def matmul_hoisted_view(
    a: pl.Tensor[[32, 64], pl.FP32],
    b: pl.Tensor[[32, 64], pl.FP32],
    o: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
):
    for blk in pl.spmd(1, name_hint="mm_rows"):
        bt = pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        btt = pl.tile.transpose_view(bt)
        for i in pl.range(2):
            at = pl.load(a, [i * 16, 0], [16, 64], target_memory=pl.Mem.Mat)
            c = pl.matmul(at, btt, out_dtype=pl.FP32)
            pl.store(c, [i * 16, 0], o)
    return o
