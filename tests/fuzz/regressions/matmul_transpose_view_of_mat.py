# Found by fuzz_pipeline (seeded with pypto's tests): a matmul whose right
# operand is a Mat tile read as its transpose.  The transposed view has a
# Right tile's layout, so Legalize, judging the space by the type, left it
# in Mat (it moves only Mat operands into Left and Right), and the PTO
# printer then refused the matmul after a pipeline that had reported
# nothing.  The view lives in its operand's storage: Mat.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, q: pl.Tensor[[16, 32], pl.FP16], k: pl.Tensor[[32, 32], pl.FP16],
          o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        qm = pl.load(q, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
        km = pl.load(k, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        s = pl.tile.matmul(qm, pl.tile.transpose_view(km))
        r = pl.store(s, [0, 0], o)
        return r
