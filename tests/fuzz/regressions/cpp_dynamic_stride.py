# Found by the pipeline fuzzer once its oracle could fail (issue 12): a kernel
# storing into a tensor whose row length is a name the front end takes as a
# symbolic dimension (case64).  The C++ printer refused it after a pipeline
# that had reported nothing; Legalize reported it for C++ then (a
# GlobalTensor's strides were static).  Now the run-time row length is a
# DYNAMIC stride, and both outputs take the program.
# A program of several kernels and no Orchestration function (item 4 of
# issue 15): its C++ translation unit runs every kernel directly, in the
# order of the kernel table, each on arguments of its own named
# "<kernel>.<parameter>" (add.a, add.b, add.out, scale.a, scale.out,
# scale.k).  Nothing connects one kernel to another, so the order cannot
# change a result.  (--output-dir writes one file per kernel and no main.)
# The reference (pyfrompto fa5f00b9) generates no orchestration for such a
# program, and its test runner (tests/st/harness/core/test_runner.py)
# refuses it, asking for an Orchestration function.
import pypto.language as pl


@pl.program
class MultiKernel:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(
        self,
        a: pl.Tensor[[16, 64], pl.FP32],
        k: pl.Scalar[pl.FP32],
        out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 64])
        r = pl.store(pl.muls(t, k), [0, 0], [16, 64], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def add(
        self,
        a: pl.Tensor[[16, 64], pl.FP32],
        b: pl.Tensor[[16, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[16, case64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        ta = pl.load(a, [0, 0], [16, 64])
        tb = pl.load(b, [0, 0], [16, 64])
        r = pl.store(pl.add(ta, tb), [0, 0], [16, 64], out)
        return r
