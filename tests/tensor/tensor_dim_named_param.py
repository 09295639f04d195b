# A kernel whose scalar parameter is also a dimension of one of its
# tensors (the outlined kernel's parameter t_pad, the created buffer's
# dimension computed by the orchestration, as in pypto-lib's hc_pre).
# OutlineIncoreScopes gives the kernel's tensor types its parameter, so
# the kernel takes t_pad once: its types named the orchestration's t_pad
# before, which the verifier refused after outlining (a fuzz finding on a
# debug build), and the C++
# kernel took the dimension a second time under a name of its own.
# The whole pipeline (no --passes=default): it adds the scalar parameter.
import pypto.language as pl


@pl.jit
def dim_named(x: pl.Tensor[[pl.dynamic("T"), 32], pl.FP32], y: pl.Out[pl.Tensor[[pl.dynamic("T"), 32], pl.FP32]]):
    t_dim = pl.tensor.dim(x, 0)
    t_pad = ((t_dim + 15) // 16) * 16
    buf = pl.create_tensor([t_pad, 32], dtype=pl.FP32)
    for i in pl.spmd(t_pad // 16, name_hint="fill"):
        r0 = i * 16
        if r0 < t_pad:   # t_pad used as a scalar: a parameter of the kernel
            buf[r0:r0 + 16, :] = pl.full([16, 32], dtype=pl.FP32, value=1.0)
    for i in pl.spmd(t_dim // 16, name_hint="copy"):
        r0 = i * 16
        y[r0:r0 + 16, :] = pl.add(x[r0:r0 + 16, :], buf[r0:r0 + 16, :])
    return y
