# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# A kernel that does not fit its spaces with every tile apart is packed
# with the reference's in-place rule: where intervals touch (a statement
# reads the last use of one tile and defines another), the result takes
# the operand's MemRef only if its op writes each element over the element
# it has just read.  `rules` holds a [732, 64] FP32 tile (183 KiB) across
# its chain of [16, 64] tiles, so that the chain fits Vec only in place:
#  - e = exp(x) over x, s = row_expand_sub(e, m) over e (its tile operand,
#    not the broadcast m), the narrowing cast h16 over r, z = w + w over w;
#  - m = row_max(e, tmp): a reduction reads whole rows, and its scratch
#    tmp too: its own MemRef, though tmp dies there;
#  - r = recip(s) is noalias on the op table: not over s;
#  - w = cast(h16) to FP32 widens (its writes would outrun its reads): not
#    over h16.
# A kernel that fits apart keeps its results apart (`large`: pq is not
# over p), so that the next write of an operand need not wait for the
# result's readers; its MemRefs are packed largest first: p and q, [16,
# 64] tiles dead before t and t2 ([64, 64]) are made, take their storage;
# pq has its own.
import pypto.language as pl


@pl.program
class InPlace:
    @pl.function(type=pl.FunctionType.InCore)
    def rules(self, a: pl.Tensor[[16, 64], pl.FP32], big: pl.Tensor[[732, 64], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
              out_big: pl.Out[pl.Tensor[[732, 64], pl.FP32]]) -> pl.Tensor[[732, 64], pl.FP32]:
        g = pl.load(big, [0, 0], [732, 64])
        x = pl.load(a, [0, 0], [16, 64])
        e = pl.exp(x)
        tmp = pl.create_tile([16, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        m = pl.row_max(e, tmp)
        s = pl.row_expand_sub(e, m)
        r = pl.recip(s)
        h16 = pl.cast(r, target_type=pl.FP16)
        w = pl.cast(h16, target_type=pl.FP32)
        z = pl.add(w, w)
        o = pl.store(z, [0, 0], [16, 64], out)
        return pl.store(g, [0, 0], [732, 64], out_big)

    @pl.function(type=pl.FunctionType.InCore)
    def large(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], out2: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        p = pl.load(a, [0, 0], [16, 64])
        q = pl.load(a, [0, 0], [16, 64])
        pq = pl.add(p, q)
        o = pl.store(pq, [0, 0], [16, 64], out)
        t = pl.load(b, [0, 0], [64, 64])
        t2 = pl.exp(t)
        o2 = pl.store(t2, [0, 0], [64, 64], out2)
        return o2
