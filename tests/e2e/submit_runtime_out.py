# pl.submit leaving a trailing pl.Out parameter to the runtime (pypto
# dev/ir/01-hierarchy.md, "Submit vs Call": bounded coverage): the task's
# output buffer is a tensor created before it.  a = exp(x) in a buffer the
# runtime allocates (twice: the second name is made unique), b = a + a
# into the caller's tensor.
import pypto.language as pl


@pl.program
class RuntimeOut:
    @pl.function(type=pl.FunctionType.InCore)
    def produce(self, x: pl.Tensor[[16, 64], pl.FP32], ret0__out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        return pl.store(pl.exp(t), [0, 0], ret0__out)

    @pl.function(type=pl.FunctionType.InCore)
    def twice(self, a: pl.Tensor[[16, 64], pl.FP32], e: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 64])
        u = pl.load(e, [0, 0], [16, 64])
        return pl.store(pl.add(t, u), [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], b: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        with pl.manual_scope():
            a, a_tid = pl.submit(self.produce, x)
            e, e_tid = pl.submit(self.produce, x)
            b, _ = pl.submit(self.twice, a, e, b, deps=[a_tid, e_tid])
        return b
