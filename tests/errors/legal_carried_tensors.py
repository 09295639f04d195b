# pyptocc-flags: --emit=py --passes=default,legalize
# A kernel's loop or if carries one tensor parameter's view: what it
# yields must derive from the parameter it carries, through stores,
# copies, iter_args and the results of inner loops and ifs.  Legalize
# reports a yield that switches tensors, for every output (the PTO and
# C++ printers used to find it, after a pipeline that had reported
# nothing; issue 12).  The first loop and the if are fine: their yields
# are stores into the carried tensor and an inner loop's result.
import pypto.language as pl


@pl.program
class Carried:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], n: pl.Scalar[pl.INT64]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 64])
        for i, (acc,) in pl.range(0, 4, 1, init_values=(out,)):
            for j, (inner,) in pl.range(0, 2, 1, init_values=(acc,)):
                s = pl.store(t, [0, 0], [16, 64], inner)
                inner = pl.yield_(s)
            acc = pl.yield_(inner)
        if n > 0:
            r = pl.yield_(acc)
        else:
            r = pl.yield_(b)
        for k, (o,) in pl.range(0, 4, 1, init_values=(r,)):
            o = pl.yield_(a)
        return o
