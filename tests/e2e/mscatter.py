# tile.mscatter (pl.mscatter): the elements of a [8, 32] tile written into
# a 1-D tensor of 512 at the flat indices of an INT32 tile of its shape
# (indices may repeat: the later element in row-major order wins; the
# elements no index names keep the tensor's values, an InOut).  The
# result is the tensor, stored to again afterwards.  pto.mscatter with
# coalesce = elem; MSCATTER<Coalesce::Elem> in C++.  The offsets are idx +
# 8, so that the runtime's default inputs (integers from -8) run too.
import pypto.language as pl


@pl.program
class Mscatter:
    @pl.function(type=pl.FunctionType.InCore)
    def mscatter(
        self,
        src: pl.Tensor[[8, 32], pl.FP32],
        idx: pl.Tensor[[8, 32], pl.INT32],
        out: pl.InOut[pl.Tensor[[512], pl.FP32]],
    ) -> pl.Tensor[[512], pl.FP32]:
        s = pl.load(src, [0, 0], [8, 32])
        i = pl.tile.adds(pl.load(idx, [0, 0], [8, 32]), pl.const(8, pl.INT32))
        t = pl.tile.mscatter(pl.tile.muls(s, 2.0), i, out)
        u = pl.mscatter(s, pl.tile.adds(i, pl.const(1, pl.INT32)), t)
        return u
