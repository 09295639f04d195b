# Calls the reference accepted without a word, which pyptocc accepts with
# a warning of their own (item 2 of issue 15; lenient_calls.stderr):
#  - -Wint-to-bool: an INT64 flag read with pl.tensor.read passed to a
#    pl.Scalar[pl.BOOL] parameter is passed as (flag != 0); a literal 1 is
#    True, without a warning;
#  - -Wargument-shape: a [32, 64] tensor passed for a [16, 64] parameter
#    (the kernel sees its first 16 rows) and an [8, 128] output for a
#    [16, 64] one (the same 1024 elements, row-major); the kernel's result
#    then has the kernel's type, which -Wannotation reports at the return.
# cfg = [7, 0]: y's first half is doubled (7 != 0), its second half + 1,
# and z (as 16 x 64) is x's first 16 rows doubled.
# The reference (pypto fa5f00b9): tests/st/codegen/test_paged_attention.py
# (OnlineUpdateTestCase) types is_first and is_last pl.Scalar[pl.BOOL] in
# the kernel and passes INT64 values read from a config tensor, as does
# examples/ir_parser/paged_attention_example.py;
# tests/ut/codegen/test_orchestration_codegen.py::test_tensor_dim passes
# [64, 128] tensors to a kernel whose parameters are [16, 16].
import pypto.language as pl


@pl.program
class LenientCalls:
    @pl.function(type=pl.FunctionType.InCore)
    def pick(
        self,
        x: pl.Tensor[[16, 64], pl.FP32],
        double: pl.Scalar[pl.BOOL],
        out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        if double:
            u = pl.muls(t, 2.0)
            r = pl.store(u, [0, 0], [16, 64], out)
        else:
            v = pl.adds(t, 1.0)
            r = pl.store(v, [0, 0], [16, 64], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[32, 64], pl.FP32],
        cfg: pl.Tensor[[2], pl.INT64],
    ) -> tuple[pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[8, 128], pl.FP32]]:
        first = pl.tensor.read(cfg, [0])
        second = pl.tensor.read(cfg, [1])
        y = pl.create_tensor([32, 64], dtype=pl.FP32)
        x0 = pl.view(x, [16, 64], [0, 0])
        y0 = pl.view(y, [16, 64], [0, 0])
        y0 = self.pick(x0, first, y0)
        x1 = pl.view(x, [16, 64], [16, 0])
        y1 = pl.view(y, [16, 64], [16, 0])
        y1 = self.pick(x1, second, y1)
        z = pl.create_tensor([8, 128], dtype=pl.FP32)
        z = self.pick(x, 1, z)
        return y, z
