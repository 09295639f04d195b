# pyptocc-flags: --emit=pto
# pl.paged_gather is read, typed and printed (tests/corpus: pypto's own
# programs), but ConvertTensorToBlockOps does not convert it yet: a
# located error naming the op (pl.create_l1 and pl.gather_row on its
# accumulator convert: tests/tensor/tensor_l1_gather.py).
import pypto.language as pl


@pl.program
class PagedGatherConvert:
    @pl.function(type=pl.FunctionType.InCore)
    def paged(
        self, pool: pl.Tensor[[256, 64], pl.FP16], idx: pl.Tensor[[8], pl.INT32], bt: pl.Tensor[[1, 16], pl.INT32]
    ) -> pl.Tensor[[32, 8], pl.FP16]:
        g = pl.paged_gather(pool, idx, bt, 16, 32, max_indices=8, col_off=32, is_trans=True)
        return g
