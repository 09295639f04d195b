# An orchestration function that submits InCore kernels over views of its
# tensors: y = relu(x * scale + bias), computed in four row blocks; the
# scale is read from a one-element tensor and passed to a kernel as a scalar.
import pypto.language as pl

BLOCK = 32


@pl.program
class Pipeline:
    @pl.function(type=pl.FunctionType.InCore)
    def scale_bias(
        self,
        x: pl.Tensor[[32, 64], pl.FP32],
        scale: pl.Scalar[pl.FP32],
        bias: pl.Tensor[[32, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        tx = pl.load(x, [0, 0], [32, 64])
        tb = pl.load(bias, [0, 0], [32, 64])
        scaled = pl.mul(tx, scale)
        summed = pl.add(scaled, tb)
        result = pl.store(summed, [0, 0], [32, 64], out)
        return result

    @pl.function(type=pl.FunctionType.InCore)
    def relu(
        self,
        x: pl.Tensor[[32, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        r = pl.relu(t)
        result = pl.store(r, [0, 0], [32, 64], out)
        return result

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[128, 64], pl.FP32],
        bias: pl.Tensor[[128, 64], pl.FP32],
        params: pl.Tensor[[1], pl.FP32],
        y: pl.Out[pl.Tensor[[128, 64], pl.FP32]],
    ) -> pl.Tensor[[128, 64], pl.FP32]:
        scale = pl.tensor.read(params, [0])
        tmp = pl.create_tensor([128, 64], dtype=pl.FP32)
        for i in pl.range(0, 128, BLOCK):
            xi = pl.view(x, [BLOCK, 64], [i, 0])
            bi = pl.view(bias, [BLOCK, 64], [i, 0])
            ti = pl.view(tmp, [BLOCK, 64], [i, 0])
            yi = pl.view(y, [BLOCK, 64], [i, 0])
            ti_done = self.scale_bias(xi, scale, bi, ti)
            yi_done = self.relu(ti_done, yi)
        return y
