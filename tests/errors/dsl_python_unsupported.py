# Python that the DSL does not support, inside a pypto function: each is a
# located error naming the construct (the same code at module level is
# skipped; see tests/python).
import pypto.language as pl

N = 4


@pl.function
def f(a: pl.Scalar[pl.INT64], *rest, k: pl.Scalar[pl.INT64], **kw) -> pl.Scalar[pl.INT64]:
    s = f"{a}"
    b = b"bytes"
    c = 1j
    d = a if a > 0 else -a
    e = [i for i in range(N)]
    g = {1: 2}
    h = {1, 2}
    t = *a, a
    try:
        pass
    except ValueError:
        pass
    assert a
    del b
    if (m := a) > 0:
        raise ValueError("no")
    for i in range(3):
        pass
    else:
        pass
    a @= a
    return a
