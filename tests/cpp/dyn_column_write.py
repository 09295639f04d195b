# A kernel's element write into a column vector [n * 4, 1] whose length is
# a run-time expression (pypto-lib's KV-cache scale rows, reshaped by the
# orchestration and written in an outlined scope): the C++ takes the
# column's length from the expression, where static strides could not
# hold it (the write is a scalar store at row * 1).
import pypto.language as pl

N = pl.dynamic("N")


@pl.program
class DynColumn:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, s: pl.Tensor[[N, 4], pl.FP32], rows: pl.Tensor[[8], pl.INT32]) -> pl.Tensor[[N, 4], pl.FP32]:
        n = pl.tensor.dim(s, 0)
        flat = pl.reshape(s, [n * 4, 1])
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="put"):
            r = pl.read(rows, [0])
            flat = pl.write(flat, [pl.cast(r, pl.INDEX), 0], 1.5)
        return s
