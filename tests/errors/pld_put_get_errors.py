# Bad bulk cross-rank copies (pld.tensor.put and get, full slice or region):
# each a located error.
import pypto.language as pl
import pypto.language.distributed as pld

ROWS = 8
COLS = 64


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.FP32],
        h: pl.Tensor[[ROWS, COLS], pl.FP16],
        u: pl.Tensor[[ROWS, COLS], pl.UINT32],
        data: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
        words: pld.DistributedTensor[[ROWS, COLS], pl.UINT32],
        n: pl.Scalar[pl.INDEX],
    ):
        pld.tensor.put(x, 1, data)
        pld.tensor.get(data, 1, x)
        pld.tensor.put(data, 1, h)
        pld.tensor.put(data, 1.5, x)
        pld.tensor.put(data, 1, x[0:4, :])
        pld.tensor.put(data, 1, x, [0, 0], [6, 0], [4, COLS])
        pld.tensor.put(data, 1, x, [0, -1], [0, 0], [4, COLS])
        pld.tensor.put(data, 1, x, [0], [0, 0], [4, COLS])
        pld.tensor.put(data, 1, x, [0, 0], [0, 0], [0, COLS])
        pld.tensor.put(data, 1, x, [0, 0], [0, 0], [n, COLS])
        pld.tensor.get(x, 1, data, [0, 0], [0, 0], [ROWS, n], chunk_rows=4)
        pld.tensor.put(data, 1, x, pipeline=True)
        pld.tensor.put(data, 1, x, chunk_rows=-2)
        pld.tensor.put(data, 1, x, dst_offsets=[0, 0])
        pld.tensor.put(data, 1, x, pl.AtomicType.Add)
        pld.tensor.put(words, 1, u, atomic=pl.AtomicType.Add)
        pld.tensor.get(x, 1, data, atomic=pl.AtomicType.Add)
        pld.tensor.put_region(data, 1, x, [0, 0], [0, 0], [1, 1])
