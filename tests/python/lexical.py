# A UTF-8 byte order mark, CRLF line ends, backslash continuations,
# non-ASCII identifiers (PEP 3131) and comments.
import pypto.language as pl

longueur_été = 1 + \
    2
αβγ = [1,
       2]  # 注释
变量 = αβγ
ONE = \
    1


@pl.function
def add1(x: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    y = x + ONE
    return y
