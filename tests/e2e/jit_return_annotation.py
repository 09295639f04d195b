# A @pl.jit function's tensor results are the tensors it returns, whatever
# its annotation says (the reference writes a jit function's result types
# from its return statement): the inline helper and the entry both
# declare [32, 2, 64] and return y, [32, 64].  y = x + x.
import pypto.language as pl


@pl.jit.inline
def double_rows(x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 2, 64], pl.FP32]:
    for b in pl.spmd(2, name_hint="double_rows"):
        r = b * 16
        y[r : r + 16, :] = pl.add(x[r : r + 16, :], x[r : r + 16, :])
    return y


@pl.jit
def jit_return_annotation(
    x: pl.Tensor[[32, 64], pl.FP32],
    y: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
) -> pl.Tensor[[32, 2, 64], pl.FP32]:
    return double_rows(x, y)
