# After an error, what depends on it says nothing more, and what does not
# is still checked: a loop whose initial value has no form (a Mat-to-Vec
# move) and an if whose condition has none (the block index) report
# nothing of their own, and the mistakes in their bodies are reported.
# pyptocc-flags: --emit=pto-tile
import pypto.language as pl


@pl.program
class AfterError:
    @pl.function(type=pl.FunctionType.InCore)
    def after_error(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
                    n: pl.Scalar[pl.INT64], f: pl.Scalar[pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        u = pl.move(m, target_memory=pl.MemorySpace.Vec)
        for i, (acc,) in pl.range(0, n, 1, init_values=(u,)):
            w = pl.load(a, [0, 0], [64, 64])
            part = pl.store(w, [0, 0], [32, 64], out)
            acc_next = pl.add(acc, w)
            acc_out = pl.yield_(acc_next)
        b: pl.Scalar[pl.UINT64] = pl.block.get_block_idx()
        if b > 0:
            g: pl.Scalar[pl.FP32] = f * 2.0
            v = pl.load(a, [0, 0], [64, 64])
            h = pl.move(v, target_memory=pl.MemorySpace.Mat)
            t = pl.muls(h, g)
        else:
            t = pl.exp(acc_out)
        r = pl.store(t, [0, 0], [64, 64], out)
        return r
