# Found by fuzz_pipeline (issue 35): a matmul of tiles loaded into Vec (the
# default), and an accumulation into a Vec tile.  Legalize moved only Mat
# operands to Left and Right and let the rest through, and the PTO and C++
# printers refused the op after a pipeline that had reported nothing;
# Legalize reports it now (legal_matmul, the printers' rule).
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[32, 32], pl.FP16], acc: pl.Tensor[[32, 32], pl.FP32],
          out: pl.Out[pl.Tensor[[32, 32], pl.FP32]], out2: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        x = pl.load(a, [0, 0], [32, 32])
        c = pl.load(acc, [0, 0], [32, 32])
        y = pl.matmul(x, x)
        z = pl.matmul_acc(c, x, x)
        r = pl.store(z, [0, 0], out)
        r2 = pl.store(y, [0, 0], out2)
        return r
