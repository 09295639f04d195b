# An on-core array in a kernel (PTO pto.declare_local_array and its get and
# set; a C stack array in C++): a histogram of the values of x, each read
# from global memory by the scalar unit, counted in the array (it starts
# at zero: pyptocc zero-fills every array it declares), then written out
# element by element.  The loop carries the array; every version of it is
# the one array, updated in place.  A second kernel adds the array's
# elements to a tile.
import pypto.language as pl

BINS = 8


@pl.program
class KernelArrayCounts:
    @pl.function(type=pl.FunctionType.InCore)
    def histogram(self, x: pl.Tensor[[64], pl.INT32], out: pl.Out[pl.Tensor[[1, BINS], pl.INT32]]
                  ) -> pl.Tensor[[1, BINS], pl.INT32]:
        counts = pl.array.create(BINS, pl.INT32)
        for i in pl.range(64):
            b = pl.read(x, [i])
            counts[b] = counts[b] + 1
        for j in pl.range(BINS):
            out = pl.write(out, [0, j], counts[j])
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def offsets(self, y: pl.Tensor[[16, 16], pl.INT32], z: pl.Out[pl.Tensor[[16, 16], pl.INT32]]
                ) -> pl.Tensor[[16, 16], pl.INT32]:
        steps = pl.array.create(4, pl.INT32)
        for i in pl.range(4):
            steps[i] = i * 3 + 1
        t = pl.load(y, [0, 0], [16, 16])
        t = pl.adds(t, steps[2] + steps[3])
        z = pl.store(t, [0, 0], z)
        return z
