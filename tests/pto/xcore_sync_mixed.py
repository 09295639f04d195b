# A mixed kernel synchronised by cross-core events instead of the pipe:
# the vector lanes write t through global memory and raise an event
# (sync_set, core_type="aiv"), the cube waits for it (sync_wait,
# core_type="aic") and reads t for its matmul.  ExpandMixedKernel puts
# each event on the core its core_type names (pypto's affinity of the
# sync ops), the FFTS workspace on both.  copy_then_mm's vector side only
# loads and stores, which use no vector pipe: its event for the vector
# core makes the cube kernel mixed all the same.
import pypto.language as pl


@pl.program
class SyncMixed:
    @pl.function(type=pl.FunctionType.InCore)
    def add_then_mm(self, ws: pl.Tensor[[256], pl.INT64], x: pl.Tensor[[16, 16], pl.FP32],
                    w: pl.Tensor[[16, 16], pl.FP32], t: pl.InOut[pl.Tensor[[16, 16], pl.FP32]],
                    y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.system.set_ffts(ws)
        xv = pl.load(x, [0, 0], [16, 16])
        pl.store(pl.add(xv, xv), [0, 0], t)
        pl.system.sync_set(4, pipe=pl.PipeType.MTE3, ffts_mode=2, core_type="aiv")
        pl.system.sync_wait(4, pipe=pl.PipeType.MTE2, core_type="aic")
        a = pl.load(t, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        b = pl.load(w, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        acc = pl.matmul(pl.move(a, target_memory=pl.MemorySpace.Left), pl.move(b, target_memory=pl.MemorySpace.Right))
        y = pl.store(acc, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def copy_then_mm(self, ws: pl.Tensor[[256], pl.INT64], x: pl.Tensor[[16, 16], pl.FP32],
                     w: pl.Tensor[[16, 16], pl.FP32], t: pl.InOut[pl.Tensor[[16, 16], pl.FP32]],
                     y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.system.set_ffts(ws)
        xv = pl.load(x, [0, 0], [16, 16])
        pl.store(xv, [0, 0], t)
        pl.system.sync_set(5, pipe=pl.PipeType.MTE3, ffts_mode=2, core_type="aiv")
        pl.system.sync_wait(5, pipe=pl.PipeType.MTE2, core_type="aic")
        a = pl.load(t, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        b = pl.load(w, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        acc = pl.matmul(pl.move(a, target_memory=pl.MemorySpace.Left), pl.move(b, target_memory=pl.MemorySpace.Right))
        y = pl.store(acc, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, ws: pl.Tensor[[256], pl.INT64], x: pl.Tensor[[16, 16], pl.FP32], w: pl.Tensor[[16, 16], pl.FP32],
             t: pl.InOut[pl.Tensor[[16, 16], pl.FP32]], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
             z: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        y = self.add_then_mm(ws, x, w, t, y)
        z = self.copy_then_mm(ws, x, w, t, z)
        return z
