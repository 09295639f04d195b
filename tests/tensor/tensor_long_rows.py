# pyptocc-flags: --passes=default
# A softmax over rows of 16384 FP32 values (64 KiB each): even 8 rows do
# not fit UB with their temporaries, so ConvertTensorToBlockOps splits the
# rows too.  Per block of 8 rows, three loops over blocks of columns: the
# row maximum (partial maxima combined), the row sum of exp(x - max)
# (partial sums added), then the result, each loop loading x again.
import pypto.language as pl

R = 32
V = 16384


@pl.program
class LongRows:
    @pl.function(type=pl.FunctionType.InCore)
    def softmax(self, x: pl.Tensor[[R, V], pl.FP32]) -> pl.Tensor[[R, V], pl.FP32]:
        m = pl.row_max(x)
        e = pl.exp(pl.sub(x, m))
        s = pl.row_sum(e)
        return pl.div(e, s)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[R, V], pl.FP32]) -> pl.Tensor[[R, V], pl.FP32]:
        y = self.softmax(x)
        return y
