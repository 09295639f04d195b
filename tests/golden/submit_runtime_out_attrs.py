# pl.submit with attrs={"arg_directions": [...]} for the arguments it
# gives, leaving a pl.Out parameter to the runtime: the directions are
# extended with pl.adir.output (the reference's "fresh output buffer" the
# runtime allocates) for the tensor created for it, so the call keeps one
# direction per argument.  They were dropped as stale before.
import pypto.language as pl


@pl.program
class RuntimeOutAttrs:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], s: pl.Scalar[pl.FP32],
          y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16])
        return pl.store(pl.muls(t, s), [0, 0], y)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        with pl.manual_scope():
            a, a_tid = pl.submit(self.k, x, 2.0, attrs={"arg_directions": [pl.adir.input, pl.adir.scalar]})
        return a
