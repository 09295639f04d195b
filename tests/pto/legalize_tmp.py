# The scratch tile an op takes as an argument (TmpRule in ir/op_table.c):
# PyPTO's types accept any tile there, the instructions do not.  PTOAS's
# A2/A3 txor verifier wants a tmp of the destination's element type and
# valid shape; pto-isa's TXORS takes a tmp of the destination's Tile type;
# TPRELU wants ui8 elements on A2/A3.  Legalize puts a fresh scratch tile
# of that form in the place of one that differs (found by fuzzing: the
# INT32 tmp of an INT16 xor reached PTOAS).
import pypto.language as pl


@pl.program
class Tmp:
    @pl.function(type=pl.FunctionType.InCore)
    def xor_dtype(self, a: pl.Tensor[[16, 64], pl.INT16],
                  out: pl.Out[pl.Tensor[[16, 64], pl.INT16]]) -> pl.Tensor[[16, 64], pl.INT16]:
        x = pl.load(a, [0, 0], [16, 64])
        tmp = pl.create_tile([16, 64], dtype=pl.INT32, target_memory=pl.MemorySpace.Vec)
        y = pl.block.xor(x, x, tmp)
        r = pl.store(y, [0, 0], [16, 64], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def xors_shape(self, a: pl.Tensor[[16, 64], pl.INT16],
                   out: pl.Out[pl.Tensor[[16, 64], pl.INT16]]) -> pl.Tensor[[16, 64], pl.INT16]:
        x = pl.load(a, [0, 0], [16, 64])
        tmp = pl.create_tile([32, 64], dtype=pl.INT16, target_memory=pl.MemorySpace.Vec)
        y = pl.block.xors(x, 5, tmp)
        r = pl.store(y, [0, 0], [16, 64], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def xor_kept(self, a: pl.Tensor[[16, 64], pl.INT16],
                 out: pl.Out[pl.Tensor[[16, 64], pl.INT16]]) -> pl.Tensor[[16, 64], pl.INT16]:
        x = pl.load(a, [0, 0], [16, 64])
        tmp = pl.create_tile([16, 64], dtype=pl.INT16, target_memory=pl.MemorySpace.Vec)
        y = pl.block.xor(x, x, tmp)
        r = pl.store(y, [0, 0], [16, 64], out)
        return r
