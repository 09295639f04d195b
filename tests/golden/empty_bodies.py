# Every body the printer can meet prints "pass" when nothing in it prints
# (issue 18: an empty function body printed as nothing, which does not read
# back).  An expression statement whose value is unused is dropped, so its
# function is empty too.
import pypto.language as pl


@pl.program
class Empty:
    @pl.function
    def only_pass(self):
        pass

    @pl.function
    def only_unused_value(self):
        pl.const(0, pl.INT64)

    @pl.function
    def empty_constructs(self, n: pl.Scalar[pl.INT64]):
        for i in pl.range(4):
            pass
        for j in pl.parallel(0, n, 1):
            pl.const(1, pl.INT64)
        if n > 2:
            pass
        else:
            pass
        while n > 8:
            pass
        with pl.incore():
            pass
