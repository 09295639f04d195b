# pyptocc-flags: --emit=pto
# A matrix multiply reads m, k and n from its operands' and result's valid
# shapes, which must agree (a run-time extent agrees with itself):
# accumulating a product of a left operand with a run-time valid row count
# into an accumulator whose 16 rows are all valid is reported here.  (The
# same disagreement in a pto.tmatmul, from pypto-lib's DeepSeek hc_pre,
# PTOAS 0.60 refused: 'expects static matmul tile shapes'.)
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16], n: pl.Scalar[pl.INDEX],
      out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    ta = pl.load(a, [0, 0], [16, 32], target_memory=pl.MemorySpace.Mat)
    tn = pl.load(a, [0, 0], [16, 32], valid_shape=[n, 32], target_memory=pl.MemorySpace.Mat)
    tb = pl.load(b, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
    la = pl.move(ta, target_memory=pl.MemorySpace.Left)
    ln = pl.move(tn, target_memory=pl.MemorySpace.Left)
    rb = pl.move(tb, target_memory=pl.MemorySpace.Right)
    c = pl.matmul(la, rb)
    d = pl.matmul(ln, rb)
    e = pl.matmul_acc(c, ln, rb)
    r = pl.store(e, [0, 0], out)
    return r
