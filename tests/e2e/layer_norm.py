# Layer norm over the rows of a 32x256 tensor, 8 rows per loop iteration:
# mean = sum(x) / 256, xc = x - mean, var = sum(xc^2) / 256,
# rstd = rsqrt(var + 1e-5), y = xc * rstd * gamma + beta, with mean and rstd
# also written out ([32, 1] column vectors).  Uses row_sum, muls,
# row_expand_sub, mul, adds, rsqrt, row_expand_mul, col_expand_mul,
# col_expand and add.
import pypto.language as pl

ROWS = 32
COLS = 256
BLOCK = 8


@pl.program
class LayerNorm:
    @pl.function(type=pl.FunctionType.InCore)
    def layer_norm(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.FP32],
        gamma: pl.Tensor[[1, COLS], pl.FP32],
        beta: pl.Tensor[[1, COLS], pl.FP32],
        y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
        mean: pl.Out[pl.Tensor[[ROWS, 1], pl.FP32]],
        rstd: pl.Out[pl.Tensor[[ROWS, 1], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        g = pl.load(gamma, [0, 0], [1, COLS])
        b = pl.load(beta, [0, 0], [1, COLS])
        for i, (acc, macc, racc) in pl.range(0, ROWS, BLOCK, init_values=(y, mean, rstd)):
            t = pl.load(x, [i, 0], [BLOCK, COLS])
            tmp = pl.create_tile([BLOCK, COLS], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
            mu = pl.muls(pl.row_sum(t, tmp), 1.0 / COLS)
            xc = pl.row_expand_sub(t, mu)
            var = pl.muls(pl.row_sum(pl.mul(xc, xc), tmp), 1.0 / COLS)
            rs = pl.rsqrt(pl.adds(var, 1e-5))
            n = pl.col_expand_mul(pl.row_expand_mul(xc, rs), g)
            out = pl.add(n, pl.col_expand(n, b))
            s1 = pl.store(out, [i, 0], [BLOCK, COLS], acc)
            s2 = pl.store(mu, [i, 0], [BLOCK, 1], macc)
            s3 = pl.store(rs, [i, 0], [BLOCK, 1], racc)
            acc, macc, racc = pl.yield_(s1, s2, s3)
        return acc
