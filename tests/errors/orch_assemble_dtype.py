# pyptocc-flags: --emit=pto
# An assemble in orchestration code is a copy task, which moves elements
# of one type: one of FP16 into an FP32 tensor is a located error (the
# copy kernel of FP16 tensors was given the FP32 view: ill-formed IR).
import pypto.language as pl


@pl.jit
def main(x: pl.Tensor[[32, 64], pl.FP16], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]):
    y[0:16, :] = x[0:16, :]
    return y
