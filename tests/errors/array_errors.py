# Bad uses of on-core arrays (pypto docs/en/dev/ir/02-types.md "ArrayType"):
# each a located error.
import pypto.language as pl


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def takes(self, a: pl.Array[4, pl.INT32], x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.InCore)
    def gives(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Array[4, pl.INT32]:
        a = pl.array.create(4, pl.INT32)
        return a

    @pl.function(type=pl.FunctionType.InCore)
    def scalar(self, s: pl.Scalar[pl.INT32], x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16], pl.FP32]:
        a = pl.array.create(4, pl.INT32)
        b = pl.array.create(4, pl.FP32)
        c = pl.array.create(0, pl.INT8)
        d = pl.array.create(n, pl.INT8)
        e: pl.Array[4, pl.FP16] = a
        f: pl.Array[0, pl.INT32] = a
        v = a[4]
        a1 = pl.array.create(4, pl.INT32)
        a1[-1] = 3
        a2 = pl.array.create(4, pl.INT32)
        a2[0] = 1.5
        a3 = pl.array.create(4, pl.INT32)
        a3[0:2] = 1
        w = a[1, 2]
        u = a[n] + a[3]
        tids = pl.array.create(2, pl.TASK_ID)
        tids[0] = 7
        flags = pl.array.create(2, pl.BOOL)
        flags[0] = 1
        y = self.scalar(a, x)
        with pl.at(level=pl.Level.CORE_GROUP, deps=[a]):
            t = pl.load(x, [0, 0], [16, 16])
        with pl.at(level=pl.Level.CORE_GROUP, deps=[tids[i] for i in range(n)]):
            t = pl.load(x, [0, 0], [16, 16])
        with pl.at(level=pl.Level.CORE_GROUP, deps=[tids[i] for i in range(2) if i]):
            t = pl.load(x, [0, 0], [16, 16])
        g = pl.system.task_dummy([tids])
        h = pl.system.task_dummy(deps=[a])
        return x
