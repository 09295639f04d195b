# pl.system.syncall's checks (pypto's system_ops.py): the core type, the
# mode, the soft barrier's operands (an INT32 workspace of at least 16
# elements, a participant count of at least 0), and no operands for the
# hard barrier.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(ws: pl.Tensor[[16], pl.INT32], small: pl.Tensor[[2, 4], pl.INT32], wf: pl.Tensor[[16], pl.FP32]):
    pl.system.syncall(core_type="aiv")
    pl.system.syncall(mode="firm")
    pl.system.syncall(mode="soft")
    pl.system.syncall(gm_workspace=ws, used_cores=2)
    pl.system.syncall(mode="soft", gm_workspace=small, used_cores=2)
    pl.system.syncall(mode="soft", gm_workspace=wf, used_cores=2)
    pl.system.syncall(mode="soft", gm_workspace=ws, used_cores=-1)
    pl.system.syncall(mode="soft", core_type="mix", gm_workspace=ws, used_cores=0)
