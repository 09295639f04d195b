# The scratch tiles PTOAS 0.60 (e32488c9) wants on A2/A3 where PTOAS 0.27
# (a56b18c3) took others or none:
# - sel of 2-byte tiles: its tmp holds 4-byte elements (TSelOp::verify, "A2/A3
#   tsel tmp element type to be 4 bytes wide": the A2/A3 TSEL writes its
#   compare mask there as 32-bit words), so an FP16 sel gets a ui32 scratch
#   of the result's bytes;
# - a conversion that narrows without saturation (FP32 to INT16, FP16 to
#   INT8) takes an explicit i8 scratch at level 3 ("requires explicit tmp for
#   non-saturating narrowing tcvt when PlanMemory is skipped"), sized as
#   PTOAS sizes it (PTOMaterializeImplicitTmp.cpp); without it pto-isa's
#   A2/A3 TCVT stages through the UB bytes at TMP_UB_OFFSET, which the plan
#   may have given a tile;
# - prelu's mask is one row taller than the result ("tmp shape[0] to be at
#   least dst valid_shape[0] + 1"), where 0.27 wanted the result's shape.
import pypto.language as pl


@pl.program
class Scratch:
    @pl.function(type=pl.FunctionType.InCore)
    def sel16(self, a: pl.Tensor[[16, 64], pl.FP16], m: pl.Tensor[[16, 64], pl.INT8],
              out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:
        x = pl.load(a, [0, 0], [16, 64])
        k = pl.load(m, [0, 0], [16, 64])
        y = pl.block.exp(x)
        z = pl.block.sel(k, x, y)
        return pl.store(z, [0, 0], [16, 64], out)

    @pl.function(type=pl.FunctionType.InCore)
    def narrow(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP16],
               o16: pl.Out[pl.Tensor[[16, 64], pl.INT16]], o8: pl.Out[pl.Tensor[[16, 64], pl.INT8]]
               ) -> pl.Tensor[[16, 64], pl.INT8]:
        x = pl.load(a, [0, 0], [16, 64])
        h = pl.load(b, [0, 0], [16, 64])
        y = pl.block.cast(x, target_type=pl.INT16)
        z = pl.block.cast(h, target_type=pl.INT8)
        pl.store(y, [0, 0], [16, 64], o16)
        return pl.store(z, [0, 0], [16, 64], o8)

    @pl.function(type=pl.FunctionType.InCore)
    def prelu(self, a: pl.Tensor[[16, 64], pl.FP32], s: pl.Tensor[[16, 64], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.load(a, [0, 0], [16, 64])
        sl = pl.load(s, [0, 0], [16, 64])
        tmp = pl.create_tile([16, 64], dtype=pl.UINT8, target_memory=pl.MemorySpace.Vec)
        y = pl.block.prelu(x, sl, tmp)
        return pl.store(y, [0, 0], [16, 64], out)
