# Host orchestration as steps, for tests/ranks.test: rounds of a launch
# of one Orchestration function on every rank, a host all-reduce of the
# window it filled, and a launch of another that reads the result; then a
# host all-reduce whose signal the compiler gives it (op=Max) and a
# launch on rank 0 alone.  Rank r's results are written to its region of
# the host's outputs (outputs[rd, r], peak[0]); the number of ranks is the
# dimension NR, known at run time (mpirun -np N).
#   outputs[rd, r] = sum over q of inputs[rd, q] + r
#   peak[0]        = max over q of inputs[0, q]
import pypto.language as pl
import pypto.language.distributed as pld

SIZE = 256
NR = pl.dynamic("NR")
ROUNDS = 2


@pl.program
class HostRounds:
    @pl.function(type=pl.FunctionType.InCore)
    def publish_step(
        self,
        inp: pl.Tensor[[1, SIZE], pl.FP32],
        data: pl.InOut[pld.DistributedTensor[[1, SIZE], pl.FP32]],
    ) -> pld.DistributedTensor[[1, SIZE], pl.FP32]:
        local = pl.load(inp, [0, 0], [1, SIZE])
        return pl.store(local, [0, 0], data)

    @pl.function(type=pl.FunctionType.Orchestration)
    def publish_orch(
        self,
        inp: pl.Tensor[[1, SIZE], pl.FP32],
        data: pl.InOut[pld.DistributedTensor[[1, SIZE], pl.FP32]],
    ) -> pld.DistributedTensor[[1, SIZE], pl.FP32]:
        return self.publish_step(inp, data)

    @pl.function(type=pl.FunctionType.InCore)
    def consume_step(
        self,
        data: pld.DistributedTensor[[1, SIZE], pl.FP32],
        out: pl.Out[pl.Tensor[[1, SIZE], pl.FP32]],
        rank: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, SIZE], pl.FP32]:
        reduced = pl.load(data, [0, 0], [1, SIZE])
        shifted = pl.add(reduced, pl.cast(rank, target_type=pl.FP32))
        return pl.store(shifted, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def consume_orch(
        self,
        data: pld.DistributedTensor[[1, SIZE], pl.FP32],
        out: pl.Out[pl.Tensor[[1, SIZE], pl.FP32]],
        rank: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, SIZE], pl.FP32]:
        return self.consume_step(data, out, rank)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        inputs: pl.Tensor[[ROUNDS, NR, 1, SIZE], pl.FP32],
        outputs: pl.Out[pl.Tensor[[ROUNDS, NR, 1, SIZE], pl.FP32]],
        peak: pl.Out[pl.Tensor[[1, 1, SIZE], pl.FP32]],
    ) -> pl.Tensor[[ROUNDS, NR, 1, SIZE], pl.FP32]:
        data_buf = pld.alloc_window_buffer(SIZE * pl.FP32.get_byte())
        signal_buf = pld.alloc_window_buffer(pld.world_size() * pl.INT32.get_byte())
        signal = pld.window(signal_buf, [pld.world_size()], dtype=pl.INT32)
        for rd in pl.range(ROUNDS):
            for r in pl.range(pld.world_size()):
                data = pld.window(data_buf, [1, SIZE], dtype=pl.FP32)
                self.publish_orch(inputs[rd, r], data, device=r)
            data = pld.window(data_buf, [1, SIZE], dtype=pl.FP32)
            data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum)
            for r in pl.range(pld.world_size()):
                self.consume_orch(data, outputs[rd, r], r, device=r)
        for r in pl.range(pld.world_size()):
            data = pld.window(data_buf, [1, SIZE], dtype=pl.FP32)
            self.publish_orch(inputs[0, r], data, device=r)
        data = pld.window(data_buf, [1, SIZE], dtype=pl.FP32)
        data = pld.tensor.allreduce(data, op=pld.ReduceOp.Max)
        self.consume_orch(data, peak[0], 0, device=0)
        return outputs
