# OutlineIncoreScopes in a program of several functions: only functions
# with scopes change (the InCore `zhelper`, the Orchestration `zz_orch` and
# the scope-free Opaque `plain` are left as they are); the printer's
# topological order puts every outlined function before its caller and
# `zhelper` before its callers, whatever the names.
# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes
@pl.program
class Order:
    @pl.function(type=pl.FunctionType.InCore)
    def zhelper(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.block.load(x, [0, 0], [64, 64])
        r = pl.block.store(t, [0, 0], [64, 64], out)
        return r

    @pl.function
    def b(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        y = self.zhelper(x, out)
        with pl.incore():
            t = pl.block.load(y, [0, 0], [64, 64])
            r = pl.block.store(pl.block.exp(t), [0, 0], [64, 64], out)
        return r

    @pl.function
    def a(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.incore():
            t = pl.block.load(x, [0, 0], [64, 64])
            r = pl.block.store(t, [0, 0], [64, 64], out)
        s = self.b(r, out)
        return s

    @pl.function
    def plain(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        return n + 1

    @pl.function(type=pl.FunctionType.Orchestration)
    def zz_orch(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        y = self.zhelper(x, out)
        return y
