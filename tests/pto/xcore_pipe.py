# The cross-core pipe in PTO MLIR, a hand-split cube and vector kernel
# (pypto docs/en/user/tutorials/03-mixed-kernel.md "Step 3"): the AIV
# pushes x + x to the AIC, which pops it into Mat, multiplies it by w and
# pushes the product (Acc) back; the AIV pops it, takes exp and stores it.
# Each kernel reserves the ring it consumes (the AIC's at pl.AUTO, placed
# by AllocateMemoryAddr below its tiles) and imports its peer's; on A2/A3
# the rings are in global memory, a parameter of each kernel.
import pypto.language as pl


@pl.program
class CrossCore:
    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, w: pl.Tensor[[16, 16], pl.FP16]):
        v2c_buf = pl.reserve_buffer(name="v2c_slot_buffer", size=2048, base=pl.AUTO)
        c2v_peer = pl.import_peer_buffer(name="c2v_slot_buffer", peer_func="vector")
        pl.aic_initialize_pipe(dir_mask=3, slot_size=1024, c2v_consumer_buf=c2v_peer, v2c_consumer_buf=v2c_buf)
        a_mat: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tpop_from_aiv(split=0)
        w_mat = pl.load(w, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        a_left = pl.move(a_mat, target_memory=pl.MemorySpace.Left)
        w_right = pl.move(w_mat, target_memory=pl.MemorySpace.Right)
        pl.tfree_to_aiv(a_mat)
        acc = pl.matmul(a_left, w_right)
        pl.tpush_to_aiv(acc, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def vector(
        self,
        x: pl.Tensor[[16, 16], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        c2v_buf = pl.reserve_buffer(name="c2v_slot_buffer", size=4096, base=0x8000)
        v2c_peer = pl.import_peer_buffer(name="v2c_slot_buffer", peer_func="cube")
        pl.aiv_initialize_pipe(dir_mask=3, slot_size=1024, c2v_consumer_buf=c2v_buf, v2c_consumer_buf=v2c_peer)
        t = pl.load(x, [0, 0], [16, 16])
        s = pl.add(t, t)
        pl.tpush_to_aic(s, split=0)
        prod: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tpop_from_aic(split=0)
        e = pl.exp(prod)
        pl.tfree_to_aic(prod)
        r = pl.store(e, [0, 0], y)
        return r
