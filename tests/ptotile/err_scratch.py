# pl.create_tile makes a buffer, which value semantics has no op for: it
# may only be a scratch operand (a row reduction's tmp), never data, not
# even data carried by a loop or an if.
# pyptocc-flags: --emit=pto-tile
import pypto.language as pl


@pl.program
class Scratch:
    @pl.function(type=pl.FunctionType.InCore)
    def scratch(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
                n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        buf = pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        u = pl.add(t, buf)
        r = pl.store(u, [0, 0], [64, 64], out)
        for i, (b,) in pl.range(0, 2, 1, init_values=(buf,)):
            b2 = pl.exp(t)
            b_out = pl.yield_(b2)
        for j, (c,) in pl.range(0, 2, 1, init_values=(t,)):
            c2 = pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
            c_out = pl.yield_(c2)
        if n > 0:
            d = pl.exp(t)
        else:
            d = pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        r2 = pl.store(b_out, [0, 0], [64, 64], out)
        r3 = pl.store(c_out, [0, 0], [64, 64], out)
        r4 = pl.store(d, [0, 0], [64, 64], out)
        return r
