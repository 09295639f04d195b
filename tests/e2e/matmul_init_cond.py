# Split-K with matmul_acc's init_cond (the reference's form of the first K
# step): the accumulator starts as an uninitialised Acc tile, the first
# step overwrites it (matmul), the others accumulate (matmul_acc);
# Legalize makes the predicate a branch.
import pypto.language as pl


@pl.program
class TileCond:
    @pl.function(type=pl.FunctionType.InCore)
    def kloop(self, a: pl.Tensor[[32, 256], pl.FP16], b: pl.Tensor[[256, 64], pl.FP16],
              c: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        acc = pl.tile.create([32, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)
        for k0 in pl.range(0, 256, 64):
            am = pl.load(a, [0, k0], [32, 64], target_memory=pl.Mem.Mat)
            bm = pl.load(b, [k0, 0], [64, 64], target_memory=pl.Mem.Mat)
            al = pl.move(am, target_memory=pl.Mem.Left)
            br = pl.move(bm, target_memory=pl.Mem.Right)
            acc = pl.matmul_acc(acc, al, br, init_cond=(k0 == 0))
        r = pl.l0c_store(acc, [0, 0], [32, 64], c)
        return r
