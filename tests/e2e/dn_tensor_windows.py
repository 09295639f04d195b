# Tensors in the DN layout (pl.TensorView(layout=pl.TensorLayout.DN),
# packed: element (r, c) of an [R, C] tensor at r + c * R).  Windows of
# the columns and of the rows load into column-major Vec tiles and store
# into DN outputs; a DN right operand loads into Mat as column-major
# boxes (ZN) and multiplies: y = a @ b with b held column-major.
import pypto.language as pl

R = 16
C = 8
K = 32


@pl.program
class DnTensorWindows:
    @pl.function(type=pl.FunctionType.InCore)
    def dn_tensor_windows(
        self,
        x: pl.Tensor[[R, C], pl.FP32, pl.TensorView(stride=[1, R], layout=pl.TensorLayout.DN)],
        a: pl.Tensor[[R, K], pl.FP32],
        b: pl.Tensor[[K, R], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)],
        o_cols: pl.Out[pl.Tensor[[R, 4], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]],
        o_rows: pl.Out[pl.Tensor[[8, C], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]],
        y: pl.Out[pl.Tensor[[R, R], pl.FP32]],
    ) -> pl.Tensor[[R, R], pl.FP32]:
        cols = pl.load(x, [0, 4], [R, 4])
        pl.store(cols, [0, 0], o_cols)
        rows = pl.load(x, [8, 0], [8, C])
        pl.store(rows, [0, 0], o_rows)
        ta = pl.load(a, [0, 0], [R, K], target_memory=pl.MemorySpace.Mat)
        tb = pl.load(b, [0, 0], [K, R], target_memory=pl.MemorySpace.Mat)
        la = pl.move(ta, target_memory=pl.MemorySpace.Left)
        rb = pl.move(tb, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(la, rb)
        return pl.store(acc, [0, 0], y)
