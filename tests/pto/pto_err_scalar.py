# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,verify --emit=pto
# Scalar operations without a checked lowering (pto-mlir.md 8): '**' is an
# error where Legalize (not in this pipeline) has not expanded it.  Floor
# division of floats lowers (built from fptosi/sitofp: PTOAS has no math
# dialect; tests/e2e/float_floor), so q is no error.
import pypto.language as pl


@pl.program
class ScalarErrors:
    @pl.function
    def k(self, a: pl.Scalar[pl.INT64], x: pl.Scalar[pl.FP32], y: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.FP32]:
        p = a ** 2
        q = x // y
        r = q + pl.cast(p, pl.FP32)
        return r
