# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# Where intervals touch (a statement reads the last use of one tile and
# defines another), the result takes the operand's MemRef only if its op
# writes each element over the element it has just read (the reference's
# in-place rule):
#  - e = exp(x) over x, s = row_expand_sub(e, m) over e (its tile operand,
#    not the broadcast m), the narrowing cast h16 over r, z = w + w over w;
#  - m = row_max(e, tmp): a reduction reads whole rows, and its scratch
#    tmp too: its own MemRef, though tmp dies there;
#  - r = recip(s) is noalias on the op table: not over s (it takes tmp's);
#  - w = cast(h16) to FP32 widens (its writes would outrun its reads): not
#    over h16 (it takes x's, free since s died).
# large: the MemRefs are packed largest first, so p and pq, [16, 64] tiles
# dead before t, a [64, 64] one, is loaded, take t's storage: 20 KiB in
# all, where packing in definition order gave the small tiles slots of
# their size and t one more.
import pypto.language as pl


@pl.program
class InPlace:
    @pl.function(type=pl.FunctionType.InCore)
    def rules(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
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
        return o

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
