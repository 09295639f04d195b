# Found by fuzz_pipeline (seed 15) on 53aa29f: a loop of step 0 passed Legalize;
# the C++ kernel printer refused it after a clean pipeline and the PTO
# printer wrote it.  Legalize reports it now (tests/errors/legalize_loop_step_zero).
# 
# GP6 of printer.md: natural (re-assigning) code is accepted as written.
@pl.program
class A:
    @pl.function
    def acc(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        x: pl.Scalar[pl.INT64] = 1
        for i in pl.range(0, 10, 0):
            x = x + i
        if n > 5:
            x = x * 2
        return x
