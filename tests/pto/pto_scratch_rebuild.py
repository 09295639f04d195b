# pyptocc-flags: --passes=default,legalize,init_memref,memory_reuse,allocate_memory_addr,convert_to_ssa
# The scratch region of AllocateMemoryAddr is a statement of the function
# (mem_vec_<id> = pl.block.alloc(..., scratch=True)), so a pass that
# rebuilds every function after it (ConvertToSSA here) keeps it: rem, rems
# and the row sum take their tmp tile there, as after the default pipeline.
import pypto.language as pl


@pl.program
class ScratchRebuild:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], col: pl.Out[pl.Tensor[[16, 1], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        ta = pl.load(a, [0, 0], [16, 64])
        tb = pl.load(b, [0, 0], [16, 64])
        r = pl.block.rem(ta, tb)
        rs = pl.block.rems(r, 2.0)
        s = pl.block.sum(rs, axis=1, keepdim=True)
        o = pl.store(rs, [0, 0], [16, 64], out)
        c = pl.store(s, [0, 0], [16, 1], col)
        return o
