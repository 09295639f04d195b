# Bad forms of today's scopes, loops and function attributes: each a located
# error.
import pypto.language as pl

OPTS = [pl.split(pl.SplitMode.UP_DOWN)]


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split": pl.SplitMode.NONE})
        t = pl.load(a, [0, 0], [16, 16])
        pl.func_attr({"late": True})
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration, attrs={"stationary": nothing})
    def main(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, role=pl.Role.Orchestrator):
            out = self.k(a, out)
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=OPTS):
            out = self.k(a, out)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="k" + "1"):
            out = self.k(a, out)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="prod}cts"):
            out = self.k(a, out)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="lambda"):
            out = self.k(a, out)
        with pl.at():
            out = self.k(a, out)
        with pl.at(level=pl.Level.HOST, optimizations=[pl.split(pl.SplitMode.NONE)]):
            out = self.k(a, out)
        with pl.at(level=pl.Level.CORE_GROUP, deps=[n]):
            out = self.k(a, out)
        with pl.spmd(4, deps=[]):
            out = self.k(a, out)
        with pl.spmd(4):
            x = n + 1
        with pl.spmd(0):
            out = self.k(a, out)
        with pl.spmd(2):
            out = self.k(a, out)
            out = self.k(a, out)
        with pl.cluster() as c:
            out = self.k(a, out)
        with pl.scope(mode=pl.Level.HOST):
            out = self.k(a, out)
        with pl.incore(), pl.incore():
            out = self.k(a, out)
        with open("f"):
            out = self.k(a, out)
        for i in pl.pipeline(0, 8, 1):
            y = i
        for i in pl.pipeline(0, 8, 1, stage=0):
            y = i
        for i in pl.unroll(0, n, 1):
            y = i
        for i in pl.unroll(4, init_values=(0,)):
            y = i
        for i in pl.unroll(0, 9000):
            y = i
        for i in pl.unroll(2):
            y = pl.yield_(i)
        for i in pl.split_aiv(3):
            y = i
        for i in (a, 2):
            y = i
        return out
