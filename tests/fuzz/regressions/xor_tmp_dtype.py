# Found by fuzz_pipeline (seed 18) on 1d028c6: an INT16 block.xor whose tmp
# tile was of another element type passed Legalize, and the PTO printer wrote
# a pto.txor that PTOAS's A2/A3 verifier refuses ("expects tmp to have the
# same element type"); mlir_check refused it too.  Legalize puts a scratch
# tile of the form the instruction takes in its place now (TmpRule,
# tests/pto/legalize_tmp).  The fuzzer's own input was lost with the machine
# it ran on; this is the same program reduced by hand here.  Its size is kept
# even, so that the harness compiles it for A2/A3.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(a: pl.Tensor[[16, 64], pl.INT16], out: pl.Out[pl.Tensor[[16, 64], pl.INT16]]) -> pl.Tensor[[16, 64], pl.INT16]:
    x = pl.load(a, [0, 0], [16, 64])
    tmp = pl.create_tile([16, 64], dtype=pl.INT32, target_memory=pl.MemorySpace.Vec)
    y = pl.block.xor(x, x, tmp)
    r = pl.store(y, [0, 0], [16, 64], out)
    return r
