# Bulk cross-rank copies: pld.tensor.put of a whole slice and of a region
# (accumulating), pld.tensor.get into a plain tensor, with the staging
# knobs a run-time extent needs.
import pypto.language as pl
import pypto.language.distributed as pld

ROWS = 8
COLS = 64
NRANKS = 2


@pl.program
class Exchange:
    @pl.function(type=pl.FunctionType.InCore)
    def swap(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.FP32],
        y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
        data: pl.InOut[pld.DistributedTensor[[ROWS, COLS], pl.FP32]],
        n: pl.Scalar[pl.INDEX],
    ):
        ctx = pld.get_comm_ctx(data)
        me = pld.rank(ctx)
        peer = (me + 1) % pld.nranks(ctx)
        pld.tensor.put(data, peer, x)
        pld.tensor.put(dst=data, peer=peer, src=x, dst_offsets=[0, 0], src_offsets=[ROWS // 2, 0],
                       shape=[ROWS // 2, COLS], atomic=pl.AtomicType.Add)
        pld.tensor.put(data, peer, x, [0, 0], [0, 0], [n, COLS], chunk_rows=2)
        pld.tensor.get(y, peer, data, chunk_rows=4, chunk_cols=COLS, pipeline=True)
        pld.tensor.get(y, peer, data, [1, 0], [0, 0], [ROWS - 1, COLS])
