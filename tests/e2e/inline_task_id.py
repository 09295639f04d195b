# An Inline function that returns its task's id beside its result
# (pypto-lib's DeepSeek V4 compressor: `return kv, cache_write_tid`), the
# caller naming it in deps=: the tuple that carries it is never read, and
# tasks run in program order.
import pypto.language as pl


@pl.jit.inline
def step(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="scale") as tid:
        y[:, :] = pl.mul(x, 2.0)
    return y, tid


@pl.jit
def inline_task_id(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
                   z: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    y, t = step(x, y)
    with pl.at(level=pl.Level.CORE_GROUP, deps=[t]):
        z[:, :] = pl.add(y, 1.0)
    return y, z
