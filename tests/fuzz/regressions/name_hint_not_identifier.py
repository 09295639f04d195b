# A scope's name_hint names the outlined kernel, which PTO MLIR and C++
# spell as a symbol, so it must be an identifier (found by fuzzing:
# name_hint="prod}cts" printed `func.func @prod}cts_incore_0`).
import pypto.language as pl


@pl.jit
def twice(x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="tw}ce"):
        y[:, :] = pl.add(x[:, :], x[:, :])
    return y
