# pl.read of an index tensor inside a kernel's loop that carries a tile:
# each step reads one element of idx from global memory (the scalar unit:
# pto.load_scalar) and loads the row of x it names into the sum.  The
# read stays in the kernel (it used to be hoisted into the orchestration,
# which cut the loop into kernels passing the tile to each other).  A
# second kernel, written with tensor ops, reads the element through a view
# of the index tensor and adds a row of x picked the same way.  Row
# (idx + 8) % 64: a row of x for the default fill too (integers in [-8,
# 7]), which tests/opt.test runs it with.
import pypto.language as pl


@pl.program
class KernelIndexRows:
    @pl.function(type=pl.FunctionType.InCore)
    def row_sum(self, idx: pl.Tensor[[8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32],
                out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        acc = pl.tile.full([1, 64], dtype=pl.FP32, value=0.0)
        for i in pl.range(8):
            r = (pl.read(idx, [i]) + 8) % 64
            row = pl.load(x, [r, 0], [1, 64])
            acc = pl.add(acc, row)
        return pl.store(acc, [0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def view_pick(self, idx: pl.Tensor[[4, 8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32],
                  out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        tail = pl.slice(idx, [2, 4], [1, 2])
        r = (pl.read(tail, [1, 3]) + 8) % 64
        out = pl.assemble(out, pl.add(pl.slice(x, [1, 64], [r, 0]), 1.0), [0, 0])
        return out
