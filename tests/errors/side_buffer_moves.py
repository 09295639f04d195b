# pyptocc-flags: --emit=cpp
# Moves into the side buffers on a2a3: the bias table is filled from Mat
# only (pto-isa's TMOV), and A2/A3 has no MX scale buffers (LeftScale,
# RightScale are A5's).  The kernel is typed AIC: an InCore kernel that
# loads the bias into Vec is mixed, and ExpandMixedKernel passes the tile
# to the cube through the pipe, into Mat, from where the move is legal.
import pypto.language as pl


@pl.program
class SideBufferMoves:
    @pl.function(type=pl.FunctionType.AIC)
    def k(
        self,
        a: pl.Tensor[[16, 32], pl.FP16],
        b: pl.Tensor[[32, 32], pl.FP16],
        bias: pl.Tensor[[1, 32], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        from_vec = pl.move(pl.load(bias, [0, 0], [1, 32]), target_memory=pl.Mem.Bias)
        c = pl.matmul_bias(a_l, b_r, from_vec)
        out = pl.store(c, [0, 0], out)
        return out
