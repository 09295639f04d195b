# pyptocc-flags: --passes=default,init_memref
# InitMemRef alone (passes.md 5.5): every rule of the space table.
#  - parameters: DDR, ids 0.. in order;
#  - load, create_tile, move: their target_memory (load and create_tile
#    default to Vec);
#  - store and l0c_store: the output tensor's MemRef (no new id);
#  - reshape: the input's MemRef; vec_move and other block ops: Vec;
#  - matmul, matmul_bias, gemv: Acc; matmul_acc and gemv_acc: the
#    accumulator's MemRef;
#  - tensor ops, calls and tuple items: DDR; a tuple itself has none;
#  - a plain copy shares its value's MemRef (pyptocc).
# One alloc per on-chip MemRef, in order of first appearance, at the top.
import pypto.language as pl


@pl.program
class Spaces:
    @pl.function(type=pl.FunctionType.InCore)
    def vector(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
               rows: pl.Out[pl.Tensor[[64, 1], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        mv = pl.move(m, target_memory=pl.MemorySpace.Vec)
        v = pl.create_tile([64, 1], dtype=pl.FP32)
        e = pl.add(t, mv)
        r = pl.block.reshape(e, [32, 128])
        r2 = pl.block.reshape(r, [64, 64])
        w = pl.block.vec_move(r2)
        k = w
        mx = pl.row_max(k, v)
        s1 = pl.store(mx, [0, 0], [64, 1], rows)
        s = pl.store(k, [0, 0], [64, 64], out)
        return s

    @pl.function(type=pl.FunctionType.InCore)
    def cube(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]], row: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
             biased: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        am = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        bm = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        zm = pl.create_tile([1, 64], dtype=pl.FP16, target_memory=pl.MemorySpace.Mat)
        al = pl.move(am, target_memory=pl.MemorySpace.Left)
        br = pl.move(bm, target_memory=pl.MemorySpace.Right)
        gl = pl.move(zm, target_memory=pl.MemorySpace.Left)
        c = pl.matmul(al, br)
        d = pl.matmul_acc(c, al, br)
        g = pl.block.gemv(gl, br)
        h = pl.block.gemv_acc(g, gl, br)
        bias = pl.load(out, [0, 0], [1, 64])
        mb = pl.block.matmul_bias(al, br, bias)
        o1 = pl.l0c_store(h, [0, 0], [1, 64], row)
        o2 = pl.store(mb, [0, 0], [64, 64], biased)
        o = pl.l0c_store(d, [0, 0], [64, 64], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def pair(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32]) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[64, 64], pl.FP32]]:
        return a, b

    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
             rows: pl.Out[pl.Tensor[[64, 1], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.tensor.add(a, b)
        p, q = self.pair(t, b)
        r = self.vector(p, q, rows)
        return r
