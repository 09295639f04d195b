# tensor.create's layout= (today's pl.tensor.create(shape, dtype, layout,
# manual_dep, init_value)): ND, the default, is printed back as given and
# adds no view; DN and NZ give the tensor a TensorView of that layout,
# printed with an empty stride as the reference prints it.
import pypto.language as pl


@pl.program
class CreateLayout:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        b = pl.tensor.create([16, 16], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        nz = pl.tensor.create([16, 16], dtype=pl.FP32, layout=pl.TensorLayout.NZ)
        dn = pl.create_tensor([16, 16], pl.FP16, pl.TensorLayout.DN, init_value=0)
        b = pl.assemble(b, a, [0, 0])
        return b
