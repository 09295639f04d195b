# pl.submit leaving a DN pl.Out parameter to the runtime: the tensor
# created for it is DN too (layout=), so that the task's argument has the
# parameter's type; it was an ND tensor passed for a DN parameter.
import pypto.language as pl


@pl.program
class RuntimeOutDN:
    @pl.function(type=pl.FunctionType.InCore)
    def produce(self, x: pl.Tensor[[16, 64], pl.FP32],
                o: pl.Out[pl.Tensor[[64, 16], pl.FP32, pl.DN]]) -> pl.Tensor[[64, 16], pl.FP32, pl.DN]:
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[64, 16], pl.FP32, pl.DN]:
        with pl.manual_scope():
            a, a_tid = pl.submit(self.produce, x)
        return a
