# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,convert_tensor_to_block_ops
# ConvertTensorToBlockOps changes only InCore functions: tensor ops of an
# Opaque function stay as they are (the reference's
# test_orchestration_unchanged), as do InCore functions of block ops.
import pypto.language as pl


@pl.program
class Untouched:
    @pl.function
    def helper(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def blocks(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        return pl.store(pl.add(t, t), [0], [64], out)
