# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,simplify,verify,init_memref,memory_reuse,allocate_memory_addr
# Control flow and scalar code in a kernel (cpp.md 4.4, 4.5): a loop with
# scalar and Tile iter_args, an if with scalar and Tile results, the SSA
# while and a natural while, get_block_idx, the scalar operators (floor
# division and modulo of signed, unsigned and float values, min, max, pow,
# the comparisons, logic and bit operators, casts; "int" is no keyword
# once ConvertToSSA has named it int_0), and "(void)x;" for a value nothing
# reads (the iter_arg of the last loop).
import pypto.language as pl


@pl.program
class Control:
    @pl.function(type=pl.FunctionType.InCore)
    def control(self, a: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INT64], f: pl.Scalar[pl.FP32],
                u: pl.Scalar[pl.UINT64], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        bid: pl.Scalar[pl.UINT64] = pl.block.get_block_idx()
        row: pl.Scalar[pl.INT64] = pl.cast(bid, pl.INT64) * 16 % 64
        t = pl.load(a, [row, 0], [16, 64])
        total: pl.Scalar[pl.INT64] = 0
        for i in pl.range(0, n, 2):
            t = pl.muls(t, 0.5)
            total = total + i // 3 - i % 5
        if total > 10 and n != 4:
            t = pl.exp(t)
            g: pl.Scalar[pl.FP32] = f // 2.0 + f % 3.0
        else:
            t = pl.neg(t)
            g: pl.Scalar[pl.FP32] = pl.cast(total, pl.FP32)
        x: pl.Scalar[pl.INT64] = 0
        while x < n:
            x = x + 1
        while n > 100:
            pl.system.bar_v()
        for j, (last,) in pl.range(0, 4, init_values=(0,)):
            last = pl.yield_(j)
        int: pl.Scalar[pl.INT64] = min(x, n) + max(x, 3) + x ** 2
        w = pl.const(4, pl.UINT64)
        bits = (u // w + u % w) & w | u >> w ^ ~u
        flag: pl.Scalar[pl.BOOL] = not (int >= 7) or x == n
        mix: pl.Scalar[pl.INT64] = abs(-int) + pl.cast(bits, pl.INT64) + last
        t2 = pl.adds(t, g + pl.cast(mix, pl.FP32) + pl.cast(flag, pl.FP32))
        r = pl.store(t2, [row, 0], [16, 64], out)
        return r
