# Found with the fuzz seed tests/fuzz/seeds/forms/chunk_rows_mix.py: at
# -O2 ChunkRows cut a row reduction's [128, 1] scratch tile into [64, 1]
# chunks, giving the create call the col_major view Legalize had given
# only its variable; the call deduces no view, so the program was no
# longer well-formed ("not well-formed after pass 'chunk_rows'").  The
# chunk's call and variable now each keep their own type, cut.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def half(x: pl.Tensor[[128, 128], pl.FP16], y: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    t = pl.load(x, [0, 0], [128, 128])
    f = pl.cast(t, target_type=pl.FP32)
    s = pl.row_sum(f, pl.create_tile([128, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec))
    return pl.store(pl.row_expand_div(f, s), [0, 0], [128, 128], y)
