# pyptocc-flags: --passes=convert_to_ssa
# A loop whose yield reassigns its iter_arg (acc = pl.yield_(...)) names its
# return variable acc_out, unless a visible name already is acc_out (here a
# parameter): then acc_out2.  ConvertToSSA resolves uses by name, so with two
# variables named acc_out the store after the loop would have written into
# the loop's result instead of the parameter (a type error).
import pypto.language as pl


@pl.program
class OutNameClash:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[16, 64], pl.FP32],
        acc_out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        zero = pl.block.full([16, 64], 0.0, dtype=pl.FP32)
        for i, (acc,) in pl.range(0, 4, init_values=(zero,)):
            t = pl.load(x, [0, 0], [16, 64])
            acc = pl.yield_(pl.add(acc, t))
        out = pl.store(acc, [0, 0], [16, 64], acc_out)
        return out
