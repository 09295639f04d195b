# tensor.create's layout= takes a pl.TensorLayout; a tile layout is not one.
import pypto.language as pl


@pl.program
class CreateLayoutBad:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        b = pl.tensor.create([16, 16], dtype=pl.FP32, layout=pl.TileLayout.row_major)
        b = pl.assemble(b, a, [0, 0])
        return b
