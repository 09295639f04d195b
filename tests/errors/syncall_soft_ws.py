# pyptocc-flags: --emit=pto
# The soft barrier's workspace is viewed whole (a partition view, a
# GlobalTensor), so its shape is static, of rank 1 or 2; a run-time
# extent is refused at Legalize, at the workspace.
import pypto.language as pl

N = pl.dynamic("N")


@pl.program
class SoftWs:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], ws: pl.InOut[pl.Tensor[[N], pl.INT32]],
          y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        pl.system.syncall(mode="soft", core_type="aiv_only", gm_workspace=ws, used_cores=0)
        return pl.store(t, [0, 0], y)
