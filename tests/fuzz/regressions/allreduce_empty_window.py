# Fuzz finding on 6cebcc3: pld.tensor.allreduce of a window of no
# elements divided by zero where LowerCollectives sizes its chunks.  Now
# it is a located error.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function
    def worker(self, a: pld.DistributedTensor[[0], pl.FP32], sig: pld.DistributedTensor[[2, 1], pl.INT32]):
        a = pld.tensor.allreduce(a, sig, op=pld.ReduceOp.Sum)
