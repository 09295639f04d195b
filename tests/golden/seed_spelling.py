# pyptocc-flags: --syntax=seed
# --syntax=seed prints the March 2026 spelling: pl.block.*, pl.MemorySpace,
# with pl.incore(), the store with its shapes before the output; what that
# language had no form of (pl.at with a name hint) prints in today's form.
import pypto.language as pl


@pl.program
class Seed:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
        tmp = pl.tile.create([64, 1], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        m = pl.tile.row_max(t, tmp)
        u = pl.tile.row_expand_sub(t, m)
        v = pl.tile.adds(u, 1.0)
        r = pl.tile.store(v, [0, 0], y)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            z = pl.tensor.adds(x, 2.0)
        y = self.k(z, y)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="again"):
            w = pl.tensor.muls(z, 0.5)
        y = self.k(w, y)
        return y
