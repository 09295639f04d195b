# A column vector [N, 1] with N = pl.dynamic("N") known only at run time:
# the row maxima of 16-row blocks stored into it through a DN GlobalTensor
# whose column stride, N, is a DYNAMIC stride given when it is made.
import pypto.language as pl

N = pl.dynamic("N")


@pl.program
class DynamicColumn:
    @pl.function(type=pl.FunctionType.InCore)
    def dynamic_column(self, x: pl.Tensor[[N, 64], pl.FP32], z: pl.Out[pl.Tensor[[N, 1], pl.FP32]]) -> pl.Tensor[[N, 1], pl.FP32]:
        for i in pl.range(0, N, 16):
            t = pl.load(x, [i, 0], [16, 64])
            tmp = pl.create_tile([16, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
            m = pl.row_max(t, tmp)
            z = pl.store(m, [i, 0], z)
        return z
