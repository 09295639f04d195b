# Fuzz finding (10-minute campaign on 8806741): a tile shaped by a scalar of
# the function (K_CHUNK = 16) inside a pl.at scope.  Outlining made the
# scalar a parameter, but the tile's variable and the load's type kept the
# outer variable: Verify failed after the pass.  The mutator now carries a
# replaced variable into the types that name it; Legalize then says that a
# tile needs a static shape.
import pypto
import pypto.language as pl
import pypto.language.distributed as pld
import pytest
from pypto import DataType, ir, passes
from pypto.language.parser.diagnostics import SSAViolationError


@pl.program
class Before:
    @pl.function
    def main(
        self,
        x: pl.Tensor[[256], pl.FP32],
        result: pl.Out[pl.Tensor[[256], pl.FP32]],
        out_scalar: pl.Out[pl.Scalar[pl.INDEX]],
    ) -> pl.Tensor[[256], pl.FP32]:
        K_CHUNK = 16
        with pl.at(level=pl.Level.CORE_GROUP):
            for ob in pl.parallel(4):
                for kb in pl.range(4):
                    k0 = kb * K_CHUNK
                    t = pl.load(x, [k0], [K_CHUNK])
                    pl.store(t, [k0], result)
        out_scalar = k0  # noqa: F841 — bug trigger: puts ``k0`` into future_needs
        return result
