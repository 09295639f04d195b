# ConvertToSSA names the versions of two names apart where their spellings
# meet: the user's iter_arg `carried_iter` (versions carried_iter_N) and
# the iter_arg that carries `carried` through the second loop
# (carried_iter_N too).  Each takes a name not handed out before.
# pyptocc-flags: --passes=lower_placement,convert_to_ssa
import pypto.language as pl


@pl.program
class Clash:
    @pl.function(type=pl.FunctionType.AIV)
    def fill(self, out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, scratch: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        carried = scratch
        for _i, (carried_iter,) in pl.range(0, 4, init_values=(carried,)):
            with pl.spmd(1):
                carried_iter = self.fill(carried_iter)
            carried = pl.yield_(carried_iter)
        for _j in pl.range(0, 4):
            carried = self.fill(carried)
        return carried
