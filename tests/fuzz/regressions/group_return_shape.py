# Fuzz finding (fuzz_pipeline, 3f45048): a Group function returning a tensor
# of another shape than declared, expanded into its caller: InlineFunctions
# left an ill-typed assignment (an internal error). Now a located error.
# Today's function kinds, levels, roles and attributes, the placement scopes
# of 04-scopes.md with their keywords, and the loop kinds of
# 02-control-flow.md, printed back in today's spelling.
import pypto.language as pl

N = 4


@pl.program
class Today:
    @pl.function(type=pl.FunctionType.AIV, attrs={"split": pl.SplitMode.UP_DOWN})
    def vec(self, a: pl.Tensor[[16, 16], pl.FP32], w: pl.Tensor[[16, 16], pl.FP32],
            out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        """A kernel of the vector core."""
        pl.func_attr({"stationary": w, "windowize": True})
        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.load(a, [0, 0], [16, 16])
        for k in pl.unroll(0, 2, 1):
            t = pl.add(t, t)
        for c in (1.0, 2.0):
            t = pl.mul(t, c)
        ret: pl.Tensor[[16, 16], pl.FP32] = pl.store(t, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        l1: pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat] = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        left = pl.move(l1, target_memory=pl.Mem.Left)
        right = pl.move(l1, target_memory=pl.Mem.Right)
        acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.matmul(left, right)
        ret: pl.Tensor[[16, 16], pl.FP32] = pl.store(acc, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.InCore)
    def blocks(self, a: pl.Tensor[[64, 16], pl.FP32], out: pl.Out[pl.Tensor[[64, 16], pl.FP32]]) -> pl.Tensor[[64, 16], pl.FP32]:
        b = pl.tile.get_block_idx()
        t = pl.load(a, [b * 16, 0], [16, 16])
        r = pl.store(pl.exp(t), [b * 16, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Group, level=pl.Level.CORE_GROUP, role=pl.Role.SubWorker)
    def group(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP16],
              out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], acc: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 15], pl.FP32]]:
        out = self.vec(a, a, out)
        acc = self.cube(b, acc)
        return out, acc

    @pl.function(type=pl.FunctionType.Inline)
    def twice(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        y = pl.add(x, x)
        return y

    @pl.function(type=pl.FunctionType.Orchestration, auto_scope=False)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP16], big: pl.Tensor[[64, 16], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], acc: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
             wide: pl.Out[pl.Tensor[[64, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        with pl.manual_scope():
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="first") as t1:
                out = pl.add(a, a)
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="second", deps=[t1, None],
                       optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT), pl.cross_core_slot(slot_num=4)]):
                out = pl.mul(out, a)
        with pl.scope(mode=pl.ScopeMode.AUTO):
            with pl.at(level=pl.Level.CORE_GROUP, no_dep_args=[a], dumps=[out], allow_early_resolve=True):
                out = pl.sub(out, a)
        with pl.spmd(N, sync_start=True, name_hint="grid"):
            wide = self.blocks(big, wide)
        for i in pl.spmd(2):
            x = pl.load(big, [i * 16, 0], [16, 16])
            wide = pl.store(pl.exp(x), [i * 16, 0], wide)
        with pl.cluster(name_hint="pair"):
            out, acc = self.group(a, b, out, acc)
        for p, (s,) in pl.pipeline(0, 8, 1, init_values=(0,), stage=2):
            s2 = pl.yield_(s + p)
        with pl.at(level=pl.Level.HOST, role=pl.Role.Orchestrator):
            with pl.at(level=pl.Level.CORE_GROUP):
                out = self.twice(out)
        return out
