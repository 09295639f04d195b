# matmul_acc's init_cond is a BOOL scalar; the tensor form's accumulator is
# FP32 for float operands, and its M and N are the product's.
import pypto.language as pl


@pl.program
class MatmulAccArgs:
    @pl.function(type=pl.FunctionType.InCore)
    def tile_cond(self, a: pl.Tensor[[16, 32], pl.FP16], c: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        acc = pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Acc)
        am = pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
        bm = pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
        al = pl.move(am, target_memory=pl.Mem.Left)
        br = pl.move(bm, target_memory=pl.Mem.Right)
        acc = pl.matmul_acc(acc, al, br, init_cond=3)
        return pl.l0c_store(acc, [0, 0], [16, 16], c)

    @pl.function(type=pl.FunctionType.InCore)
    def tensor_acc_dtype(self, acc: pl.Tensor[[16, 16], pl.FP16], a: pl.Tensor[[16, 32], pl.FP16]) -> pl.Tensor[[16, 16], pl.FP16]:
        return pl.matmul_acc(acc, a, a, b_trans=True)

    @pl.function(type=pl.FunctionType.InCore)
    def tensor_acc_shape(self, acc: pl.Tensor[[16, 32], pl.FP32], a: pl.Tensor[[16, 32], pl.FP16]) -> pl.Tensor[[16, 32], pl.FP32]:
        return pl.matmul_acc(acc, a, a, b_trans=True)
