# pyptocc-flags: --emit=pto
# What a kernel's operations and parameters must be on every target,
# reported by Legalize at the call or parameter for every output (issue
# 11: the PTO MLIR and C++ printers found these themselves, each for its
# own output; the fuzz corpus reached each of them there): a store whose
# shape is not its tile's (the partition is the tile); operands of another
# shape than the result (the operations do not broadcast; operands of
# another element type are converted where that is exact, else reported,
# tests/passes/legalize_dtypes); a DN tensor's load (a column-major
# tile) stored into an nd tensor (pto-isa's TSTORE moves a column-major
# tile only to a DN tensor); a Tile parameter (kernels take tensors and
# scalars); a tile whose shape is known only at run time.
import pypto.language as pl


@pl.program
class Rules:
    @pl.function(type=pl.FunctionType.InCore)
    def store_shape(self, a: pl.Tensor[[64, 64], pl.FP32],
                    o: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        return pl.store(t, [0, 0], [64, 32], o)

    @pl.function(type=pl.FunctionType.InCore)
    def broadcast(self, a: pl.Tensor[[64, 64], pl.FP32], r: pl.Tensor[[1, 64], pl.FP32],
                  o: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        row = pl.load(r, [0, 0], [1, 64])
        s = pl.block.add(t, row)
        return pl.store(s, [0, 0], [64, 64], o)

    @pl.function(type=pl.FunctionType.InCore)
    def dn(self, x: pl.Tensor[[64, 64], pl.FP32, pl.DN],
           o: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        return pl.store(t, [0, 0], [64, 64], o)

    @pl.function(type=pl.FunctionType.InCore)
    def tile_param(self, t: pl.Tile[[16, 64], pl.FP32],
                   o: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        return pl.store(t, [0, 0], [16, 64], o)

    @pl.function(type=pl.FunctionType.InCore)
    def run_time_rows(self, a: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INT64],
                      o: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [n, 64])
        return pl.store(t, [0, 0], [n, 64], o)
