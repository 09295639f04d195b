# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,convert_tensor_to_block_ops,verify
# A return type is an annotation (-Wannotation): this InCore function
# declares a symbolic row count and returns a [64, 64] tensor; it is split
# into a cube and a vector kernel.  Where its call is inlined into the orchestration, the call's result takes the type
# of what the kernels return, so that the program stays well-formed (the
# copy kept the declared type before, and Verify, or the pass manager's
# check in a debug build, refused the pass's own output; found by fuzzing).
import pypto.language as pl


@pl.program
class Annotated:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[rows, 64], pl.FP32]:
        h = pl.matmul(x, w)
        return pl.add(h, x)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        y = self.k(x, w)
        return y
