# pyptocc-flags: --emit=pto
# The tensor forms of the paged gather (pl.create_l1, pl.gather_row on its
# accumulator, pl.paged_gather) are read, typed and printed
# (tests/corpus: pypto's own programs), but ConvertTensorToBlockOps does
# not convert them yet: a located error naming each op.
import pypto.language as pl


@pl.program
class PagedGatherConvert:
    @pl.function(type=pl.FunctionType.InCore)
    def acc(self, src: pl.Tensor[[256, 128], pl.BF16], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[32, 128], pl.BF16]:
        kv = pl.create_l1([32, 128], pl.BF16)
        kv = pl.gather_row(kv, src, [0, 0], [16, 0], [16, 128], valid_shape=[n, 128])
        return kv

    @pl.function(type=pl.FunctionType.InCore)
    def paged(
        self, pool: pl.Tensor[[256, 64], pl.FP16], idx: pl.Tensor[[8], pl.INT32], bt: pl.Tensor[[1, 16], pl.INT32]
    ) -> pl.Tensor[[32, 8], pl.FP16]:
        g = pl.paged_gather(pool, idx, bt, 16, 32, max_indices=8, col_off=32, is_trans=True)
        return g
