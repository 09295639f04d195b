# Call attributes as today's printer writes them on calls of program
# functions: attrs={...} after the arguments, any constant (bool, int,
# float, string, pl.adir members, lists of them), printed back as given.
import pypto.language as pl


@pl.program
class CallAttrs:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INT32],
          y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16])
        return pl.store(t, [0, 0], y)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        y = self.k(x, 3, y, attrs={"arg_directions": [pl.adir.input, pl.adir.scalar, pl.adir.output_existing]})
        y = self.k(x, 3, y, attrs={"arg_directions": [pl.adir.no_dep, pl.adir.scalar, pl.adir.inout]})
        y = self.k(x, 3, y, attrs={"arg_directions": [pl.adir.input, pl.adir.scalar, pl.adir.output]})
        y = self.k(x, 3, y, attrs={"arg_directions": []})
        y = self.k(x, 3, y, attrs={"core_num": 1, "spmd_unwrapped": False, "ratio": 0.5, "tag": "t0",
                                   "arg_direction_overrides": (0, 2)})
        return y
