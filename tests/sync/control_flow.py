# pyptocc-flags: -O0 --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,simplify,verify,init_memref,memory_reuse,insert_sync,allocate_memory_addr
# Blocks at -O0 (rule 1): every for and while body and every if branch starts
# with bar_all, and every compound statement is followed by one; pairs
# and barriers are decided in each statement list on its own.  Nothing
# is paired across a compound statement (pyptocc): the bar_all after it
# already orders everything before it, so the exp after the first loop
# needs no pair from the load before it.
#  - the first loop's body reads and rewrites the carried tile: one vector
#    op, nothing to pair inside;
#  - the nested loop: bar_all opening both bodies and after the inner loop;
#    the inner body pairs its load with the add (MTE2->V) and the add with
#    the store (V->MTE3);
#  - the if: both branches open with bar_all, and the else branch of the
#    second if pairs its load and store;
#  - the while body: bar_all, then an add whose only dependency is in the
#    block (a bar_v from the neg before it).
# control_flow_o1.py is the same program at -O1.
import pypto.language as pl


@pl.program
class Control:
    @pl.function(type=pl.FunctionType.InCore)
    def control(self, a: pl.Tensor[[96, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
                n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        for i in pl.range(4):
            t = pl.exp(t)
        t = pl.exp(t)
        for j, (o,) in pl.range(0, 64, 32, init_values=(out,)):
            for k, (o_in,) in pl.range(0, 64, 32, init_values=(o,)):
                part = pl.load(a, [j, k], [32, 32])
                doubled = pl.add(part, part)
                o2 = pl.store(doubled, [j, k], [32, 32], o_in)
                o_in_next = pl.yield_(o2)
            o_next = pl.yield_(o_in_next)
        if n > 0:
            m = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        else:
            m = pl.load(a, [32, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        if n > 1:
            r = o_next
        else:
            u0 = pl.load(a, [0, 0], [64, 64])
            r = pl.store(u0, [0, 0], [64, 64], o_next)
        k: pl.Scalar[pl.INT64] = 0
        u = pl.move(m, target_memory=pl.MemorySpace.Vec)
        while k < n:
            v = pl.neg(t)
            u = pl.add(u, v)
            k = k + 1
        s = pl.store(u, [0, 0], [64, 64], r)
        return s
