# The cross-core pipe, hand-split (pypto docs/en/user/tutorials/
# 03-mixed-kernel.md "Step 3"): the vector kernel doubles x and pushes it
# to the cube, which pops it into Mat, multiplies it by w and pushes the
# product back; the vector kernel pops it, adds 1 and stores y:
# y = (2 x) @ w + 1.  On the CPU the two kernels run side by side, each
# waiting in its pop for the other's push (runtime/README.md, "Cross-core
# pipe"); the ring of each direction has 2 slots.
import pypto.language as pl


@pl.program
class CrossCorePipe:
    @pl.function(type=pl.FunctionType.AIC)
    def cube(
        self,
        x: pl.Tensor[[16, 32], pl.FP16],
        w: pl.Tensor[[32, 16], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        v2c_buf = pl.reserve_buffer(name="v2c_slot_buffer", size=2048, base=pl.AUTO)
        c2v_peer = pl.import_peer_buffer(name="c2v_slot_buffer", peer_func="vector")
        pl.aic_initialize_pipe(dir_mask=3, slot_size=1024, slot_num=2, c2v_consumer_buf=c2v_peer,
                               v2c_consumer_buf=v2c_buf)
        a_mat: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tpop_from_aiv(split=0)
        w_mat = pl.load(w, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        a_left = pl.move(a_mat, target_memory=pl.MemorySpace.Left)
        pl.tfree_to_aiv(a_mat)
        w_right = pl.move(w_mat, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(a_left, w_right)
        pl.tpush_to_aiv(acc, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def vector(
        self,
        x: pl.Tensor[[16, 32], pl.FP16],
        w: pl.Tensor[[32, 16], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        c2v_buf = pl.reserve_buffer(name="c2v_slot_buffer", size=2048, base=pl.AUTO)
        v2c_peer = pl.import_peer_buffer(name="v2c_slot_buffer", peer_func="cube")
        pl.aiv_initialize_pipe(dir_mask=3, slot_size=1024, slot_num=2, c2v_consumer_buf=c2v_buf,
                               v2c_consumer_buf=v2c_peer)
        t = pl.load(x, [0, 0], [16, 32])
        s = pl.add(t, t)
        pl.tpush_to_aic(s, split=0)
        prod: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tpop_from_aic(split=0)
        r = pl.add(prod, 1.0)
        pl.tfree_to_aic(prod)
        out = pl.store(r, [0, 0], y)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def group(
        self,
        x: pl.Tensor[[16, 32], pl.FP16],
        w: pl.Tensor[[32, 16], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        self.cube(x, w, y)
        out = self.vector(x, w, y)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[16, 32], pl.FP16],
        w: pl.Tensor[[32, 16], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        out = self.group(x, w, y)
        return out
