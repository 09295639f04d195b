# Fuzz finding on c0bf52b: a kernel tensor whose view is valid in a name
# that no parameter gives (a pl.dynamic symbol only the TensorView names)
# passed Legalize, and the lowering then found the name had no value.
# Legalize now says which valid extent the kernel cannot compute.
import pypto.language as pl
import pypto.language.distributed as pld

n = pl.dynamic("VALID_N")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        data: pld.DistributedTensor[[1, 16], pl.FP32, pl.TensorView(valid_shape=[1, n], stride=[], layout=pl.TensorLayout.ND)],
        out: pl.Out[pl.Tensor[[1, 16], pl.FP32]],
        peer: pl.Scalar[pl.INT32],
    ):
        tile = pld.tile.remote_load(data, peer=peer, offsets=[0, 0], shape=[1, 16], valid_shape=[1, n])
        return pl.store(tile, [0, 0], out)
