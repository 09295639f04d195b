# pyptocc-flags: --passes=default
# A view whose valid rows are known only at run time, made outside the
# scope that reads it: the outlined kernel takes the scalar too, and the
# view's type, its load and what the load feeds name the kernel's own
# parameter (the PTO and C++ outputs take constant valid extents only).
import pypto.language as pl


@pl.program
class SliceValidOutline:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[64, 128], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        y: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
    ) -> pl.Tensor[[64, 128], pl.FP32]:
        xi = pl.slice(x, [16, 128], [16, 0], valid_shape=[n, 128])
        with pl.at(level=pl.Level.CORE_GROUP):
            e = pl.exp(xi)
            y2 = pl.assemble(y, e, [16, 0])
        return y2
