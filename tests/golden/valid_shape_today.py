# Today's valid shapes (pypto@e2d0f78a docs/en/user/language/03-memory.md):
# pl.load / pl.tile.load with valid_shape= or a fourth positional list,
# static or known at run time; fillpad with a PadValue or its literal
# sugars (0, math.inf, -math.inf), fillpad_expand into a larger tile,
# set_validshape with constant or run-time extents.  The printer leaves a valid shape equal
# to the shape out and writes another as valid_shape=; an elementwise
# result has its operands' valid shape, and a store without shapes writes
# the valid part.
import math

import pypto.language as pl


@pl.program
class ValidShapes:
    @pl.function(type=pl.FunctionType.InCore)
    def valid(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64], valid_shape=[48, 64])
        full = pl.tile.load(a, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        dyn = pl.tile.load(a, [0, 0], [64, 64], [n, 64])
        e = pl.exp(t)
        p0 = pl.fillpad(t)
        p1 = pl.tile.fillpad(dyn, pad_value=pl.PadValue.max)
        p2 = pl.fillpad(t, -math.inf)
        p3 = pl.fillpad(t, math.inf)
        p4 = pl.tile.fillpad_expand(t, [64, 128], pad_value=pl.PadValue.min)
        p5 = pl.fillpad_expand(p4, [128, 128])
        s0 = pl.set_validshape(full, 32, 64)
        s1 = pl.tile.set_validshape(full, n, 16)
        r = pl.store(e, [0, 0], out)
        r1 = pl.store(pl.add(p0, full), [0, 0], r)
        r2 = pl.store(pl.add(p1, p2), [0, 0], r1)
        r3 = pl.store(p3, [0, 0], r2)
        return r3
