# A pl.dynamic dimension in an Orchestration function (issue 11): N, the
# rows of x and y, is known only at run time.  The orchestration needs its
# value for the tensors' shapes and for its loop over 16-row blocks, and
# has no other way to get it than an argument: pyptocc gives it a scalar
# slot that the program table marks as dimension 0 of x, and the runtime
# fills it from x's shape.  Each block is a task on views of x and y:
#     y = relu(x) * 2 + x
import pypto.language as pl

N = pl.dynamic("N")
C = 64
B = 16


@pl.program
class OrchDynamic:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel_block(
        self,
        x: pl.Tensor[[B, C], pl.FP32],
        y: pl.Out[pl.Tensor[[B, C], pl.FP32]],
    ) -> pl.Tensor[[B, C], pl.FP32]:
        t = pl.load(x, [0, 0], [B, C])
        r = pl.store(pl.add(pl.muls(pl.relu(t), 2.0), t), [0, 0], [B, C], y)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch_dynamic(
        self,
        x: pl.Tensor[[N, C], pl.FP32],
        y: pl.Out[pl.Tensor[[N, C], pl.FP32]],
    ) -> pl.Tensor[[N, C], pl.FP32]:
        for i in pl.range(0, N, B):
            xv = pl.view(x, [B, C], [i, 0])
            yv = pl.view(y, [B, C], [i, 0])
            r = self.kernel_block(xv, yv)
        return y
