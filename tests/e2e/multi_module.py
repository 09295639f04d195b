"""The driver of a multi-module project: y = relu(x * scale + scale / 4),
tile by tile.  The configuration (mm/config.py), the helpers
(mm/helpers.py) and the kernel (mm/kernels.py, which calls the inline
kernel of mm/ops.py) are modules of their own; this driver imports torch
and argparse, as pypto-lib's drivers do, for what runs on the host, which
pyptocc does not need."""
import argparse

import torch

import pypto.language as pl

from mm import kernels
from mm.config import SMALL as CFG


@pl.program
class MultiModule:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[CFG.rows, CFG.cols], pl.FP32],
        y: pl.Out[pl.Tensor[[CFG.rows, CFG.cols], pl.FP32]],
    ) -> pl.Tensor[[CFG.rows, CFG.cols], pl.FP32]:
        for i in pl.range(0, CFG.rows, kernels.TILE):
            xi = pl.view(x, [kernels.TILE, CFG.cols], [i, 0])
            yi = pl.view(y, [kernels.TILE, CFG.cols], [i, 0])
            yi_done = kernels.scale_rows(xi, yi)
        return y


def golden(x: "torch.Tensor") -> "torch.Tensor":
    return torch.relu(x * CFG.scale + CFG.bias)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="run the multi-module kernel")
    parser.add_argument("--device", type=int, default=0)
    args = parser.parse_args()
    x = torch.randn(CFG.rows, CFG.cols)
    print(golden(x)[0, :4])
