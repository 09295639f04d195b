# A matmul of operands still in Mat (issue 15): Legalize moves them to
# Left and Right first, as the reference inserts the moves.
import pypto.language as pl


@pl.program
class MatOperands:
    @pl.function(type=pl.FunctionType.InCore)
    def mat_operands(
        self,
        a: pl.Tensor[[32, 64], pl.FP16],
        b: pl.Tensor[[64, 48], pl.FP16],
        c: pl.Out[pl.Tensor[[32, 48], pl.FP32]],
    ) -> pl.Tensor[[32, 48], pl.FP32]:
        am = pl.load(a, [0, 0], [32, 64], target_memory=pl.MemorySpace.Mat)
        bm = pl.load(b, [0, 0], [64, 48], target_memory=pl.MemorySpace.Mat)
        p = pl.matmul(am, bm)
        out = pl.l0c_store(p, [0, 0], [32, 48], c)
        return out
