# The distributed layer in a @pl.program class (pypto's
# tests/ut/codegen/distributed form): a ring push with remote_store
# (accumulating), a Set/Eq handshake, window buffers sized by shape and
# by bytes, and the 3-segment names of the short forms.
import pypto.language as pl
import pypto.language.distributed as pld

SIZE = 64
NRANKS = 4


@pl.program
class Ring:
    @pl.function(type=pl.FunctionType.InCore)
    def push(
        self,
        x: pl.Tensor[[1, SIZE], pl.FP32],
        y: pl.Out[pl.Tensor[[1, SIZE], pl.FP32]],
        data: pl.InOut[pld.DistributedTensor[[1, SIZE], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[NRANKS, 1], pl.INT32]],
    ) -> pl.Tensor[[1, SIZE], pl.FP32]:
        ctx: pld.CommCtxType = pld.system.get_comm_ctx(data)
        me = pld.system.rank(ctx)
        n = pld.system.nranks(ctx)
        nxt = (me + 1) % n
        prev = (me + n - 1) % n
        local = pl.load(x, [0, 0], [1, SIZE])
        pld.tile.remote_store(local, data, peer=nxt, offsets=[0, 0], atomic=pld.AtomicType.Add)
        pld.system.notify(signal, nxt, [me, 0], 1, op=pld.NotifyOp.Set)
        pld.system.wait(signal, [prev, 0], 1, cmp=pld.WaitCmp.Eq)
        back = pld.remote_load(data, me, [0, 0], [1, SIZE])
        part = pld.tile.remote_load(data, peer=prev, offsets=[0, 0], shape=[1, SIZE], valid_shape=[1, SIZE // 2])
        return pl.store(back, [0, 0], y)

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip(
        self,
        x: pl.Tensor[[1, SIZE], pl.FP32],
        y: pl.Out[pl.Tensor[[1, SIZE], pl.FP32]],
        data: pl.InOut[pld.DistributedTensor[[1, SIZE], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[NRANKS, 1], pl.INT32]],
    ) -> pl.Tensor[[1, SIZE], pl.FP32]:
        return self.push(x, y, data, signal)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host(self, x: pl.Tensor[[NRANKS, 1, SIZE], pl.FP32], y: pl.Out[pl.Tensor[[NRANKS, 1, SIZE], pl.FP32]]):
        data_buf: pl.Ptr = pld.tensor.alloc_window_buffer([1, SIZE], dtype=pl.FP32)
        signal_buf = pld.alloc_window_buffer(NRANKS * pl.INT32.get_byte())
        data = pld.tensor.window(data_buf, [1, SIZE], dtype=pl.FP32)
        signal = pld.window(signal_buf, [NRANKS, 1], dtype=pl.INT32)
        for r in pl.range(pld.system.world_size()):
            self.chip(x[r], y[r], data, signal, device=r)
        return 0
