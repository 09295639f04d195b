# pl.submit and pl.spmd_submit (02-submit.md): kernels dispatched as tasks
# with their task ids, one ordered after another by deps=, one over two
# blocks.  a = exp(x), b = exp(a), c = y + 1 (each block a half).
import pypto.language as pl


@pl.program
class Sub:
    @pl.function(type=pl.FunctionType.InCore)
    def fill(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        return pl.store(pl.exp(t), [0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def halves(self, x: pl.Tensor[[32, 64], pl.FP32], out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        b = pl.tile.get_block_idx()
        t = pl.load(x, [b * 16, 0], [16, 64])
        return pl.store(pl.add(t, 1.0), [b * 16, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Tensor[[32, 64], pl.FP32], a: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
             b: pl.Out[pl.Tensor[[16, 64], pl.FP32]], c: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[32, 64], pl.FP32]]:
        a, tid = pl.submit(self.fill, x, a)
        b, _ = pl.submit(self.fill, a, b, deps=[tid])
        c, t2 = pl.spmd_submit(self.halves, y, c, core_num=2)
        return a, b, c
