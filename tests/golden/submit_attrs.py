# pl.submit and pl.spmd_submit with attrs={...}: the call attributes of the
# task's kernel call (arg_directions, ...), kept on the call inside the
# dispatch and printed back there, as on a plain call.
import pypto.language as pl


@pl.program
class SubmitAttrs:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16])
        return pl.store(t, [0, 0], y)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        with pl.manual_scope():
            a, a_tid = pl.submit(self.k, x, y, attrs={"arg_directions": [pl.adir.input, pl.adir.output_existing]})
            b, _ = pl.spmd_submit(self.k, a, y, core_num=2, deps=[a_tid],
                                  attrs={"arg_directions": [pl.adir.input, pl.adir.output_existing]})
        return b
