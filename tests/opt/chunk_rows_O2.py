# pyptocc-flags: -O2 --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,simplify,verify,legalize,chunk_rows
# ChunkRows cuts a straight-line kernel's tiles into row chunks, a loop
# that SoftwarePipeline then overlaps.
#  softmax: 64 rows of 64 FP32 in two chunks of 32 rows; the row
#   reductions' [64, 1] results become [32, 1], the loads and the store
#   move by the loop's variable, the output tensor is carried;
#  scaled: the scalar computed from a parameter stays before the loop, the
#   store's row offset (8) moves by the loop's variable;
#  steps: a loop of one step of 128 rows becomes one of steps of 64, its
#   variable, iter_args and results kept.
import pypto.language as pl


@pl.program
class ChunkRows:
    @pl.function(type=pl.FunctionType.InCore)
    def softmax(self, x: pl.Tensor[[64, 64], pl.FP32],
                y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        mx = pl.row_max(t, pl.create_tile([64, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec))
        e = pl.exp(pl.row_expand_sub(t, mx))
        sm = pl.row_sum(e, pl.create_tile([64, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec))
        return pl.store(pl.row_expand_div(e, sm), [0, 0], [64, 64], y)

    @pl.function(type=pl.FunctionType.InCore)
    def scaled(self, x: pl.Tensor[[64, 128], pl.FP32], a: pl.Scalar[pl.FP32],
               y: pl.Out[pl.Tensor[[72, 128], pl.FP32]]) -> pl.Tensor[[72, 128], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 128])
        b = a * 2.0
        u = pl.exp(pl.mul(pl.exp(t), b))
        v = pl.sqrt(pl.add(pl.exp(u), t))
        return pl.store(v, [8, 0], [64, 128], y)

    @pl.function(type=pl.FunctionType.InCore)
    def steps(self, x: pl.Tensor[[128, 64], pl.FP32],
              y: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        for i, (acc,) in pl.range(0, 128, 128, init_values=(y,)):
            t = pl.load(x, [i, 0], [128, 64])
            mx = pl.row_max(t, pl.create_tile([128, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec))
            e = pl.exp(pl.row_expand_sub(t, mx))
            sm = pl.row_sum(e, pl.create_tile([128, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec))
            s = pl.store(pl.row_expand_div(e, sm), [i, 0], [128, 64], acc)
            acc = pl.yield_(s)
        return acc
