# Dynamic shapes: x, y and z have N rows, N = pl.dynamic("N") known only at run
# time (the program table has 0 for it; the harness passes the shapes with
# pyptocc_run_with_shapes).  The kernel loops over N in 16-row blocks:
# y = relu(x) * s + x and z = y - rowmax(y).  (A [N, 1] column vector with a
# run-time N: dynamic_column.py.)
import pypto.language as pl

N = pl.dynamic("N")
COLS = 64
BLOCK = 16


@pl.program
class DynamicRows:
    @pl.function(type=pl.FunctionType.InCore)
    def dynamic_rows(
        self,
        x: pl.Tensor[[N, COLS], pl.FP32],
        s: pl.Scalar[pl.FP32],
        y: pl.Out[pl.Tensor[[N, COLS], pl.FP32]],
        z: pl.Out[pl.Tensor[[N, COLS], pl.FP32]],
    ) -> pl.Tensor[[N, COLS], pl.FP32]:
        for i, (acc, sacc) in pl.range(0, N, BLOCK, init_values=(y, z)):
            t = pl.load(x, [i, 0], [BLOCK, COLS])
            u = pl.add(pl.muls(pl.relu(t), s), t)
            tmp = pl.create_tile([BLOCK, COLS], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
            d = pl.row_expand_sub(u, pl.row_max(u, tmp))
            s1 = pl.store(u, [i, 0], [BLOCK, COLS], acc)
            s2 = pl.store(d, [i, 0], [BLOCK, COLS], sacc)
            acc, sacc = pl.yield_(s1, s2)
        return acc
