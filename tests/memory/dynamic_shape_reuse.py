# pyptocc-flags: --passes=default,init_memref,memory_reuse
# MemoryReuse gives no MemRef of size 0 (a shape that is not constant) to
# another tile and takes none: z keeps its own MemRef although x is dead
# when it is defined (pyptocc).
import pypto.language as pl


@pl.program
class Dynamic:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
          n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        x = pl.load(a, [0, 0], [n, 64])
        y = pl.exp(x)
        z = pl.exp(y)
        s = pl.store(z, [0, 0], [n, 64], out)
        return s
