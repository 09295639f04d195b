# pyptocc-flags: --passes=convert_to_ssa
# Loops nested three deep, natural code: every level carries the values
# assigned inside it that existed before it (sorted by name), the inner
# loop variables count as assignments, and the yields collect the last
# versions.
import pypto.language as pl


@pl.function
def triple(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    total = 0
    count = 0
    for i in pl.range(n):
        for j in pl.range(i):
            for k in pl.range(j):
                total = total + i * j + k
                count = count + 1
            total = total - 1
    result = total + count
    return result
