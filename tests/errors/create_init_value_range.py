# init_value= must be a value every element of the dtype holds exactly.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        a = pl.create_tensor([16, 64], dtype=pl.UINT8, init_value=256)
        b = pl.create_tensor([16, 64], dtype=pl.INT32, init_value=0.5)
        c = pl.create_tensor([16, 64], dtype=pl.FP16, init_value=1.0)
        d = pl.create_tensor([16, 64], dtype=pl.FP16, init_value=0)
        return x
