# What a pl.split_aiv region of mode UP_DOWN or LEFT_RIGHT does not halve
# between the two AIV lanes: located errors naming the op or the tile.
# pyptocc-flags: --emit=pto
import pypto.language as pl


@pl.program
class SplitHalves:
    @pl.function
    def odd_rows(self, a: pl.Tensor[[15, 64], pl.FP32], c: pl.Out[pl.Tensor[[15, 64], pl.FP32]]) -> pl.Tensor[[15, 64], pl.FP32]:
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.load(a, [0, 0], [15, 64])
            c = pl.store(t, [0, 0], c)
        return c

    @pl.function
    def across(self, a: pl.Tensor[[16, 64], pl.FP32], c: pl.Out[pl.Tensor[[16, 1], pl.FP32]]) -> pl.Tensor[[16, 1], pl.FP32]:
        for lane in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            t = pl.load(a, [0, 0], [16, 64])
            s = pl.row_sum(t, pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec))
            c = pl.store(s, [0, 0], c)
        return c

    @pl.function
    def from_outside(self, a: pl.Tensor[[16, 64], pl.FP32], c: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 64])
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            c = pl.store(pl.exp(t), [0, 0], c)
        return c

    @pl.function
    def used_after(self, a: pl.Tensor[[16, 64], pl.FP32], c: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.load(a, [0, 0], [16, 64])
        c = pl.store(t, [0, 0], c)
        return c

    @pl.function
    def transposed(self, a: pl.Tensor[[16, 16], pl.FP32], c: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.load(a, [0, 0], [16, 16])
            c = pl.store(pl.transpose(t, 0, 1), [0, 0], c)
        return c

    @pl.function
    def partly_valid(self, a: pl.Tensor[[16, 64], pl.FP32], c: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.load(a, [0, 0], [16, 64], valid_shape=[12, 64])
            c = pl.store(t, [0, 0], c)
        return c

    @pl.function
    def tensor_op(self, a: pl.Tensor[[16, 64], pl.FP32], c: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            c = pl.exp(a)
        return c
