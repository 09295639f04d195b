# Any module prefix works: the one the import line binds.
from pypto import language as pi


@pi.program
class Prefixed:
    @pi.function
    def f(self, t: pi.Tensor[[16, 16], pi.FP32]) -> pi.Tile[[16, 16], pi.FP32]:
        a = pi.load(t, [0, 0], [16, 16])
        b = pi.tile.exp(a)
        return b
