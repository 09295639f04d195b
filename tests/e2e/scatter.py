# tile.scatter: src's elements written into a destination tile at the flat
# offsets (row * columns + column of the destination's buffer) an index
# tile of src's shape holds, across rows; FP32 with INT32 indices and FP16
# with INT16 ones (a 2-byte element takes 2-byte indices).  The
# destinations are zero tiles: the NPU's TSCATTER zeroes its destination
# first, pto-isa's CPU simulator keeps it, and both agree on zeros.  A
# repeated offset takes the later element in row-major order.  The
# offsets are the inputs + 8, so that the runtime's default inputs
# (integers from -8) run too.
# tile.scatter_mask: each row of a [16, 16] tile into every fourth column
# of a [16, 64] destination from 3 (P1000), zeros elsewhere (the NPU and
# both simulations zero what the pattern does not select).
import pypto.language as pl


@pl.program
class Scatter:
    @pl.function(type=pl.FunctionType.InCore)
    def scatter(
        self,
        src: pl.Tensor[[8, 16], pl.FP32],
        idx: pl.Tensor[[8, 16], pl.INT32],
        hsrc: pl.Tensor[[16, 16], pl.FP16],
        hidx: pl.Tensor[[16, 16], pl.INT16],
        out: pl.Out[pl.Tensor[[8, 32], pl.FP32]],
        hout: pl.Out[pl.Tensor[[16, 32], pl.FP16]],
        mout: pl.Out[pl.Tensor[[16, 64], pl.FP16]],
    ) -> tuple[pl.Tensor[[8, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP16], pl.Tensor[[16, 64], pl.FP16]]:
        d = pl.tile.full([8, 32], dtype=pl.FP32, value=0.0)
        s = pl.load(src, [0, 0], [8, 16])
        i = pl.tile.adds(pl.load(idx, [0, 0], [8, 16]), pl.const(8, pl.INT32))
        r = pl.tile.scatter(d, pl.tile.muls(s, 3.0), i)
        hd = pl.tile.full([16, 32], dtype=pl.FP16, value=0.0)
        hi = pl.tile.adds(pl.load(hidx, [0, 0], [16, 16]), pl.const(8, pl.INT16))
        h = pl.tile.scatter(hd, pl.load(hsrc, [0, 0], [16, 16]), hi)
        o1 = pl.store(r, [0, 0], out)
        o2 = pl.store(h, [0, 0], hout)
        md = pl.tile.full([16, 64], dtype=pl.FP16, value=5.0)
        m = pl.tile.scatter_mask(md, pl.load(hsrc, [0, 0], [16, 16]), mask_pattern=pl.tile.MaskPattern.P1000)
        o3 = pl.store(m, [0, 0], mout)
        return o1, o2, o3
