# Found by fuzz_pipeline (seeded with this repository's tests): Legalize
# fills an unsigned tile through its signed view (PTOAS's texpands takes
# no unsigned scalar), and copied the call's keyword arguments with
# memcpy from a NULL array when an expands had none (UBSan: null pointer
# passed as argument).
import pypto.language as pl


@pl.program
class UnsignedFill:
    @pl.function(type=pl.FunctionType.InCore)
    def fill(
        self, u: pl.Tensor[[16, 32], pl.UINT32], o: pl.Out[pl.Tensor[[16, 32], pl.UINT32]]
    ) -> pl.Tensor[[16, 32], pl.UINT32]:
        t = pl.load(u, [0, 0], [16, 32])
        g = pl.block.expands(t, pl.const(0x80000001, pl.UINT32))
        return pl.store(pl.block.or_(g, t), [0, 0], [16, 32], o)
