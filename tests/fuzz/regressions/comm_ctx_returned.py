# Fuzz finding on c0bf52b: a function that returns its window's
# communication context left MaterializeCommContext with a return of the
# context's address where the function returns a pld.CommCtxType (an
# internal error in a debug build).  Now it is a located error.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function
    def worker(self, data: pld.DistributedTensor[[64], pl.FP32]):
        ctx = pld.get_comm_ctx(data)
        return ctx
