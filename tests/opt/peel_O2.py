# pyptocc-flags: -O2 --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,simplify,verify,legalize,init_memref,memory_reuse,software_pipeline
# SoftwarePipeline with an odd trip count and a carried tile.  Three steps:
# the first is peeled off in front of the loop, on the pong buffers (so the
# loop's first ping step need not wait for it), with the loop variable
# replaced by its first value and the iter_args by their initial values;
# the loop then runs from the second step, two steps per iteration, its
# iter_args starting from what the peeled step yields.  The carried sum
# keeps its one MemRef (every copy reads and rewrites it); the loaded
# tile and the exp's result get pong clones (mem_vec_6 and mem_vec_7,
# declared after the other allocs); the pong copy's names are the next
# free versions (the peeled step's t_1, e_1, ..., the pong copy's t_2,
# e_2, ...), its row offset i_0 + 16.
import pypto.language as pl


@pl.program
class Peel:
    @pl.function(type=pl.FunctionType.InCore)
    def peel(self, x: pl.Tensor[[48, 64], pl.FP32], y: pl.Out[pl.Tensor[[48, 64], pl.FP32]],
             z: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        zero = pl.block.full([16, 64], 0.0, dtype=pl.FP32)
        for i, (total, acc) in pl.range(0, 48, 16, init_values=(zero, y)):
            t = pl.load(x, [i, 0], [16, 64])
            e = pl.exp(t)
            total = pl.add(total, e)
            s = pl.store(e, [i, 0], [16, 64], acc)
            total, acc = pl.yield_(total, s)
        r = pl.store(total, [0, 0], [16, 64], z)
        return r
