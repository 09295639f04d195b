# Tuple-typed iter_args in orchestration code (item 4 of issue 15): a
# kernel returning two tensors is called before a loop and in it, so
# ConvertToSSA carries the call's tuple (_tuple_tmp) through the loop along
# with the unpacked a_acc and b_acc.  The tuple is the kernel's output
# arguments, which have C++ variables of their own, so it needs none; the
# tensors are carried as Tensor variables.
#     a = x, b = x / 2; three times: a = a + x, b = b / 2 + a
# The reference (pypto fa5f00b9):
# tests/ut/codegen/test_orchestration_codegen.py::test_tuple_in_for_loop
# generates the orchestration code of this program's shape.
import pypto.language as pl

R = 16
C = 64


@pl.program
class OrchTupleLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel_init(
        self,
        x: pl.Tensor[[R, C], pl.FP32],
        a: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        b: pl.Out[pl.Tensor[[R, C], pl.FP32]],
    ) -> tuple[pl.Tensor[[R, C], pl.FP32], pl.Tensor[[R, C], pl.FP32]]:
        t = pl.load(x, [0, 0], [R, C])
        a_out = pl.store(t, [0, 0], [R, C], a)
        b_out = pl.store(pl.muls(t, 0.5), [0, 0], [R, C], b)
        return a_out, b_out

    @pl.function(type=pl.FunctionType.InCore)
    def kernel_update(
        self,
        x: pl.Tensor[[R, C], pl.FP32],
        a: pl.InOut[pl.Tensor[[R, C], pl.FP32]],
        b: pl.InOut[pl.Tensor[[R, C], pl.FP32]],
    ) -> tuple[pl.Tensor[[R, C], pl.FP32], pl.Tensor[[R, C], pl.FP32]]:
        tx = pl.load(x, [0, 0], [R, C])
        ta = pl.load(a, [0, 0], [R, C])
        tb = pl.load(b, [0, 0], [R, C])
        na = pl.add(ta, tx)
        nb = pl.add(pl.muls(tb, 0.5), na)
        a_out = pl.store(na, [0, 0], [R, C], a)
        b_out = pl.store(nb, [0, 0], [R, C], b)
        return a_out, b_out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch_tuple_loop(
        self, x: pl.Tensor[[R, C], pl.FP32]
    ) -> tuple[pl.Tensor[[R, C], pl.FP32], pl.Tensor[[R, C], pl.FP32]]:
        a_acc = pl.create_tensor([R, C], dtype=pl.FP32)
        b_acc = pl.create_tensor([R, C], dtype=pl.FP32)
        a_acc, b_acc = self.kernel_init(x, a_acc, b_acc)
        for i in pl.range(3):
            a_acc, b_acc = self.kernel_update(x, a_acc, b_acc)
        return a_acc, b_acc
