"""An inline kernel shared between kernel modules: scaled and shifted,
then clamped at zero."""
import pypto.language as pl


@pl.inline
def scale_shift_relu(t, s, b):
    u = pl.muls(t, s)
    v = pl.adds(u, b)
    w = pl.relu(v)
    return w
