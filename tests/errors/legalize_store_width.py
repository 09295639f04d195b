# pyptocc-flags: --emit=pto
# A store copies bits: a Vec or Mat tile goes to a tensor of an element type
# of its own width (PTOAS's tstore verifier), and only the vector pipe
# converts.  Legalize converts a Vec tile before its store and lets the
# accumulator convert on the FIX pipe; a Mat tile of FP16 stored into an
# FP32 tensor has neither, and is an error where the store is.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(a: pl.Tensor[[64, 64], pl.FP16], c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    a_l1 = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
    out = pl.store(a_l1, [0, 0], [64, 64], c)
    return out
