# -Winplace-read: an op whose result lands in an argument's storage
# (tile.assemble into its target, as in the reference) overwrites it, so
# reading the argument afterwards sees the new contents.  read_after: a
# read in program order; outer_target: a tile from before a loop that each
# iteration assembles into; branches: a write in one branch of an if and
# the old value yielded by the other, which exclude each other (no
# warning), and the carried value of an accumulation (no warning).
import pypto.language as pl


@pl.program
class InplaceRead:
    @pl.function(type=pl.FunctionType.InCore)
    def read_after(
        self,
        a: pl.Tensor[[16, 32], pl.FP32],
        b: pl.Tensor[[16, 32], pl.FP32],
        o1: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
        o2: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        ta = pl.load(a, [0, 0], [16, 32])
        tb = pl.load(b, [0, 0], [16, 32])
        q = pl.block.extract(tb, 0, 0, [8, 16], target_memory=pl.MemorySpace.Vec)
        w = pl.block.assemble(ta, q, [8, 16])
        r1 = pl.store(w, [0, 0], [16, 32], o1)
        twice = pl.add(ta, ta)
        r2 = pl.store(twice, [0, 0], [16, 32], o2)
        return r1

    @pl.function(type=pl.FunctionType.InCore)
    def outer_target(
        self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        big = pl.load(a, [0, 0], [16, 32])
        w = big
        for i in pl.range(2):
            part = pl.load(a, [0, i * 16], [16, 16])
            w = pl.block.assemble(big, part, [0, i * 16])
        return pl.store(w, [0, 0], [16, 32], o)

    @pl.function(type=pl.FunctionType.InCore)
    def branches(
        self, a: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INT32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        acc = pl.load(a, [0, 0], [16, 32])
        for i in pl.range(2):
            part = pl.load(a, [0, i * 16], [16, 16])
            if n > i:
                acc = pl.block.assemble(acc, part, [0, i * 16])
            else:
                acc = acc
        return pl.store(acc, [0, 0], [16, 32], o)
