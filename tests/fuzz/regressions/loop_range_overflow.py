# Found probing ChunkRows's loops: a loop whose constant range is near the
# ends of 64 bits (0 to 2^63 - 1, or -(2^63 - 1) to 2^63 - 1) overflowed
# int64_t when ChunkRows and then SoftwarePipeline counted its trips
# (stop - start + step - 1) and wrote the new stop (start + trips * step):
# undefined behaviour (UBSan).  Both now count in checked arithmetic and
# leave such a loop as it is.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[512, 64], pl.FP32], y: pl.Out[pl.Tensor[[512, 64], pl.FP32]]) -> pl.Tensor[[512, 64], pl.FP32]:
    for i, (acc,) in pl.range(0, 9223372036854775807, 128, init_values=(y,)):
        t = pl.load(x, [i, 0], [128, 64])
        s = pl.store(pl.exp(pl.exp(t)), [i, 0], [128, 64], acc)
        acc = pl.yield_(s)
    for j, (acc2,) in pl.range(-9223372036854775807, 9223372036854775807, 128, init_values=(acc,)):
        t2 = pl.load(x, [j, 0], [128, 64])
        s2 = pl.store(pl.exp(pl.exp(t2)), [j, 0], [128, 64], acc2)
        acc2 = pl.yield_(s2)
    for m, (acc3,) in pl.range(9223372036854775000, 9223372036854775807, 64, init_values=(acc2,)):
        t3 = pl.load(x, [0, 0], [64, 64])
        s3 = pl.store(pl.exp(t3), [0, 0], [64, 64], acc3)
        acc3 = pl.yield_(s3)
    return acc3
