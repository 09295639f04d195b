# Shape, offset and index elements are judged by their value after folding,
# however they are written (issue 18): every error points at the element.
import pypto.language as pl

NEG = -64
ZERO = 0


@pl.program
class Values:
    @pl.function(type=pl.FunctionType.InCore)
    def bit_not(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tile[[64, 64], pl.FP32]:
        t = pl.block.load(x, [0, 0], [64, ~64])
        return t

    @pl.function(type=pl.FunctionType.InCore)
    def difference(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tile[[64, 64], pl.FP32]:
        t = pl.block.load(x, [0, 0], [64 - 128, 64])
        return t

    @pl.function(type=pl.FunctionType.InCore)
    def power(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tile[[64, 64], pl.FP32]:
        t = pl.block.load(x, [0, 0], [64, 2 ** 70])
        return t

    @pl.function(type=pl.FunctionType.InCore)
    def shift(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tile[[64, 64], pl.FP32]:
        t = pl.block.load(x, [0, 0], [64, 1 << -1])
        return t

    @pl.function(type=pl.FunctionType.InCore)
    def quotient(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tile[[64, 64], pl.FP32]:
        t = pl.block.load(x, [0, 0], [64 // ZERO, 64])
        return t

    @pl.function(type=pl.FunctionType.InCore)
    def module_constant(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tile[[64, 64], pl.FP32]:
        t = pl.block.load(x, [0, 0], [64, NEG])
        return t

    @pl.function(type=pl.FunctionType.InCore)
    def offset(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tile[[32, 64], pl.FP32]:
        t = pl.block.load(x, [32 - 33, 0], [32, 64])
        return t

    @pl.function(type=pl.FunctionType.InCore)
    def store_offset(self, t: pl.Tile[[32, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        r = pl.store(t, [0, ~0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def create(self) -> pl.Tile[[16, 16], pl.FP32]:
        t = pl.block.create_tile([16, 16 * ZERO], dtype=pl.FP32)
        return t

    @pl.function
    def read(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Scalar[pl.FP32]:
        v = pl.tensor.read(x, [0, -(1)])
        return v

    @pl.function
    def view(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        v = pl.view(x, [16, 16], [0, NEG // 2])
        return v
