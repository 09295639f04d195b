# A kernel shaped like pypto-lib's expert_shared activation (and moe,
# mtp_projection): a loop over column chunks of a large tensor reshapes
# its slice of a 1-D scale into a [1, N] row, computes a gated activation
# and a running row maximum, and a second loop, over chunks twice as wide,
# scales what the first wrote.  MemoryReuse packs it into 184352 bytes of
# Vec, 94% of A2/A3's 196608: each elementwise result is written over the
# operand that dies there, and the wide tiles of the second loop take the
# storage of the first loop's narrower ones (largest first).  Packed in
# definition order without in-place results it needed 299552 bytes.
import pypto.language as pl

ROWS = 8
PART = 1152
WIDE = 2304
COLS = 4608


@pl.program
class VecTwoPhase:
    @pl.function(type=pl.FunctionType.InCore)
    def act_scale(
        self,
        gate: pl.Tensor[[ROWS, COLS], pl.FP32],
        up: pl.Tensor[[ROWS, COLS], pl.FP32],
        scale: pl.Tensor[[COLS], pl.FP32],
        h: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
        q: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> tuple[pl.Tensor[[ROWS, COLS], pl.FP32], pl.Tensor[[ROWS, COLS], pl.FP32]]:
        row_amax = pl.full([1, ROWS], dtype=pl.FP32, value=0.0001)
        for part in pl.range(COLS // PART):
            n0 = part * PART
            w = pl.reshape(scale[n0 : n0 + PART], [1, PART])
            g = pl.col_expand_mul(pl.slice(gate, [ROWS, PART], [0, n0]), w)
            u = pl.slice(up, [ROWS, PART], [0, n0])
            sig = pl.recip(pl.add(pl.exp(pl.neg(g)), 1.0))
            gated = pl.mul(pl.mul(g, sig), u)
            chunk = pl.reshape(pl.row_max(pl.abs(gated)), [1, ROWS])
            row_amax = pl.maximum(row_amax, chunk)
            h[:, n0 : n0 + PART] = gated
        inv = pl.reshape(pl.recip(row_amax), [ROWS, 1])
        for k in pl.range(COLS // WIDE):
            k0 = k * WIDE
            t = pl.slice(h, [ROWS, WIDE], [0, k0])
            q[:, k0 : k0 + WIDE] = pl.mul(pl.row_expand_mul(t, inv), 127.0)
        return h, q

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        gate: pl.Tensor[[ROWS, COLS], pl.FP32],
        up: pl.Tensor[[ROWS, COLS], pl.FP32],
        scale: pl.Tensor[[COLS], pl.FP32],
    ) -> tuple[pl.Tensor[[ROWS, COLS], pl.FP32], pl.Tensor[[ROWS, COLS], pl.FP32]]:
        h = pl.create_tensor([ROWS, COLS], dtype=pl.FP32)
        q = pl.create_tensor([ROWS, COLS], dtype=pl.FP32)
        h, q = self.act_scale(gate, up, scale, h, q)
        return h, q
