# Simplify: an if whose condition folds to a constant is replaced by the
# branch it takes, spliced into the statements around it; what that
# branch yields is assigned to the if's return variables.  A false
# condition without an else leaves nothing; one with an else keeps the
# else; a condition of a variable stays an if.
# pyptocc-flags: --passes=convert_to_ssa,simplify
import pypto.language as pl


@pl.program
class IfConst:
    @pl.function
    def pick(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        a: pl.Scalar[pl.INT64] = n + 1
        b: pl.Scalar[pl.INT64] = n
        if True:
            a = a * 2
            b = a + 3
        if 2 > 3:
            a = a - 100
        if 1 == 0:
            b = b + 1000
        else:
            b = b - 7
            a = a + b
        if n > 0:
            a = a + 1
        return a + b
