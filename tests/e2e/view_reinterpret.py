# Today's pl.tensor.view(t, shape): a zero-copy reinterpretation of a
# tensor in another shape of as many elements (pypto@e2d0f78a's
# tensor.view), which is tensor.reshape; the seed's view(t, shape,
# offset), a window, keeps its meaning.  y = exp(x viewed as [32, 16]);
# z = x[0:8] viewed as [4, 32] and doubled.
import pypto.language as pl


@pl.jit
def view_reinterpret(
    x: pl.Tensor[[4, 8, 16], pl.FP32],
    y: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    z: pl.Out[pl.Tensor[[4, 32], pl.FP32]],
):
    x2 = pl.tensor.view(x, [32, 16])
    head = pl.tensor.view(x2, [8, 16], [0, 0])
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
        y[:, :] = pl.exp(x2)
        z[:, :] = pl.mul(pl.tensor.view(head, [4, 32]), 2.0)
    return y, z
