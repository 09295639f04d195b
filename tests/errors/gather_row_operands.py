# The operands of the paged-gather ops that pypto@e2d0f78a rejects
# (CheckGatherRowOperands, DeduceTensorPagedGatherType), and the windows
# that provably run off the tensor read or the buffer written.
import pypto.language as pl


@pl.program
class GatherRowOperands:
    @pl.function(type=pl.FunctionType.InCore)
    def rows(
        self,
        src: pl.Tensor[[256, 128], pl.FP16],
        n: pl.Scalar[pl.INDEX],
        idx: pl.Tensor[[16], pl.FP16],
        bt: pl.Tensor[[2, 8], pl.INT32],
        i32: pl.Tensor[[16], pl.INT32],
    ) -> pl.Tensor[[16, 128], pl.BF16]:
        kv = pl.create_l1([16, 128], pl.BF16)
        a = pl.gather_row(kv, src, [0, 0], [0, 0], [1, 128])
        h = pl.create_l1([16, 128], pl.FP16)
        b = pl.gather_row(h, src, [0, 0], [0, 0], [4, 128], valid_shape=[5, 128])
        c = pl.gather_row(h, src, [0, 0], [0, 0], [n, 128])
        d = pl.gather_row(h, src, [0, 0], [0, 0], [4, 128], valid_shape=[n, 128], transpose=True)
        e = pl.gather_row(h, src, [14, 0], [0, 0], [4, 128])
        f = pl.gather_row(h, src, [0, 0], [254, 0], [4, 128])
        g = pl.tile.gather_row(pl.tile.create([16, 128], dtype=pl.FP16), src, [0, 0], [0, 0], [1, 128], valid_shape=[1.5, 128])
        p = pl.paged_gather(src, idx, i32, block_size=16, size=128, max_indices=16)
        q = pl.paged_gather(src, i32, bt, block_size=16, size=128, max_indices=16)
        r = pl.paged_gather(src, i32, i32, block_size=16, size=128, max_indices=16, space=pl.Mem.Vec, is_trans=True)
        s = pl.paged_gather(src, i32, i32, block_size=16, size=128, max_indices=16, col_off=8)
        t = pl.create_l1([16, 0], pl.BF16)
        return kv
