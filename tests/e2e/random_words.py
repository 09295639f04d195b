# pyptocc-flags: --arch=a5
# pl.tile.random: counter-based random words (TRANDOM, A5 only), as
# pto-isa's CPU simulator places them: a key and a counter word read at
# run time, two groups of 256 columns in a row; INT32 words of 7 rounds
# from a counter whose lanes carry into its upper words, in a tile narrower
# than a group; a valid region of 10 x 80 in a 16 x 128 tile.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def random_words(k0: pl.Scalar[pl.INT32], c0: pl.Scalar[pl.INT32],
                 wide: pl.Out[pl.Tensor[[4, 512], pl.UINT32]],
                 carry: pl.Out[pl.Tensor[[16, 64], pl.INT32]],
                 part: pl.Out[pl.Tensor[[10, 80], pl.UINT32]]
                 ) -> tuple[pl.Tensor[[4, 512], pl.UINT32], pl.Tensor[[16, 64], pl.INT32], pl.Tensor[[10, 80], pl.UINT32]]:
    a = pl.tile.random(k0, 0x5678, c0, 2, 3, 4, [4, 512])
    b = pl.tile.random(0x9E3779B9, -1, 0xFFFFFFF0, 0xFFFFFFFF, 0, 7, [16, 64], dtype=pl.INT32, rounds=7)
    c = pl.tile.random(0x55, 0x66, 1, 0, 0, 0, [16, 128], valid_shape=[10, 80])
    wide = pl.store(a, [0, 0], wide)
    carry = pl.store(b, [0, 0], carry)
    part = pl.store(c, [0, 0], part)
    return wide, carry, part
