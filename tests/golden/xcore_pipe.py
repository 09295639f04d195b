# The cross-core pipe written by hand (pypto docs/en/user/tutorials/
# 03-mixed-kernel.md "Step 3"): an AIC kernel pops the AIVs' tile into Mat,
# multiplies and pushes the product back; the AIV kernel pushes its sum and
# pops the product.  Every spelling of the ops: pl.X, pl.tile.X,
# pl.system.X; the buffers' base given or pl.AUTO; a pop's type from its
# annotation or from shape= and dtype=; the consumer buffers by keyword or
# by position; a second pipe by id=.  The printed form is today's.
import pypto.language as pl


@pl.program
class CrossCore:
    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, w: pl.Tensor[[16, 16], pl.FP16]):
        v2c_buf = pl.reserve_buffer(name="v2c_slot_buffer", size=4096, base=pl.AUTO)
        c2v_peer = pl.system.import_peer_buffer(name="c2v_slot_buffer", peer_func="vector")
        pl.aic_initialize_pipe(dir_mask=3, slot_size=1024, c2v_consumer_buf=c2v_peer, v2c_consumer_buf=v2c_buf)
        pl.system.aic_initialize_pipe(pl.const(0, pl.INT32), v2c_buf, dir_mask=2, slot_size=512, slot_num=4,
                                      local_slot_num=2, id=1)
        a_mat: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tpop_from_aiv(split=0)
        w_mat = pl.load(w, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        a_left = pl.move(a_mat, target_memory=pl.MemorySpace.Left)
        w_right = pl.move(w_mat, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(a_left, w_right)
        pl.tfree_to_aiv(a_mat)
        pl.tile.tpush_to_aiv(acc, split=0)
        extra = pl.tile.tpop_from_aiv(shape=[16, 16], dtype=pl.FP16, split=0, id=1)
        pl.system.tfree_to_aiv(extra, id=1)

    @pl.function(type=pl.FunctionType.AIV)
    def vector(
        self,
        x: pl.Tensor[[16, 16], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        c2v_buf = pl.system.reserve_buffer(name="c2v_slot_buffer", size=4096, base=0x2000)
        v2c_peer = pl.import_peer_buffer(name="v2c_slot_buffer", peer_func="cube")
        pl.system.aiv_initialize_pipe(c2v_buf, v2c_peer, dir_mask=3, slot_size=1024)
        pl.aiv_initialize_pipe(v2c_consumer_buf=v2c_peer, dir_mask=2, slot_size=512, slot_num=4, id=1)
        t = pl.load(x, [0, 0], [16, 16])
        s = pl.add(t, t)
        pl.tpush_to_aic(s, split=0)
        pl.tile.tpush_to_aic(t, split=0, id=1)
        prod: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic(split=0)
        e = pl.exp(prod)
        pl.system.tfree_to_aic(prod)
        r = pl.store(e, [0, 0], y)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def lanes(self, a: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]) -> pl.Tensor[[32, 16], pl.FP32]:
        acc = pl.load(a, [0, 0], [32, 16])
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            half = pl.aiv_shard(acc)
            h = pl.exp(half)
            whole = pl.aic_gather(h)
        shard = pl.tile.aiv_shard(acc, split=2)
        joined = pl.tile.aic_gather(shard, split=2)
        r = pl.store(joined, [0, 0], out)
        return r
