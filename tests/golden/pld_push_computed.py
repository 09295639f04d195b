# pld.tensor.remote_store and pld.tensor.put of tensors the kernel
# computes: no buffer in global memory holds them, their tiles are stored
# into the peer's window (pld.tile.remote_store: a TSTORE through the
# peer's address, atomic where the put says so).
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class PushComputed:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        x: pl.Tensor[[16, 64], pl.FP16],
        data: pld.DistributedTensor[[32, 64], pl.FP16],
        sums: pld.DistributedTensor[[16, 64], pl.FP16],
        peer: pl.Scalar[pl.INT32],
    ):
        scaled = pl.tensor.add(x, x)
        pld.tensor.remote_store(scaled, data, peer, [16, 0])
        pld.tensor.put(sums, peer=peer, src=scaled, atomic=pld.AtomicType.Add)
