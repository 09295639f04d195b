# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,simplify,verify,init_memref,memory_reuse,insert_sync,allocate_memory_addr
# Blocks at -O1, the default: control_flow.py's program, with flag pairs
# across block boundaries instead of bar_all.  A compound statement is one
# statement on every pipe its body uses: waits go before it, sets after it.
# A loop body is scanned as two iterations; a dependency of iteration j+1
# on iteration j is a back-edge pair, set after its producer and waited
# for before its consumer in the body, primed (set) before the loop and
# drained (waited for) after it.
#  - the load before the first loop: an MTE2->V pair into the loop; the
#    loop's exp rewrites the carried tile, a bar_v in the body (iteration
#    j+1 after j);
#  - the loop's V work is then waited for by the store in the else branch
#    of the second if (V->MTE3, id 0), held across the nested loops, whose
#    bodies therefore use V->MTE3 id 1;
#  - the nested loop: the outer body is the inner loop, on four pipe
#    combinations, each a back-edge pair of the outer loop (the inner loop
#    of outer iteration j+1 after that of j); the inner body pairs its load
#    with the add and the add with the store forward, and back: the load
#    waits for the add of the previous iteration (V->MTE2), the add for the
#    previous store (MTE3->V); the inner loop's primes and drains sit
#    between the outer waits and sets, where the outer pairs' ids are free;
#  - the ifs: the second waits for the nested loops' loads (MTE2->MTE3)
#    and their add (V->MTE2), the move after it for its load and store;
#  - the while body: bar_v from the previous iteration's add, which read
#    what the neg overwrites; its work waits for nothing on another pipe.
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
