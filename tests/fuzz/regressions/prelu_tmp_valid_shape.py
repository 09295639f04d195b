# Fuzz finding (10-minute campaign on 8806741): prelu's scratch tile of
# the right shape but a narrowed valid shape was kept (PTOAS reads tmp's
# valid shape); and on A5 the fresh one had the user's UINT8 element type
# with rows of 16 bytes.
import re
import warnings
import pypto
import pypto.language as pl
import pytest
from _pto_loc_common import strip_loc
from pypto import DataType, backend, codegen, ir, passes
from pypto.backend import BackendType
from pypto.ir.pass_manager import OptimizationStrategy, PassManager
BINARY_TILE_TILE_OPS = {
    "add": "pto.tadd",
    "sub": "pto.tsub",
    "mul": "pto.tmul",
    "div": "pto.tdiv",
    "maximum": "pto.tmax",
    "minimum": "pto.tmin",
}
UNARY_TILE_OPS = {
    "neg": "pto.tneg",
    "exp": "pto.texp",
    "sqrt": "pto.tsqrt",
    "rsqrt": "pto.trsqrt",
    "recip": "pto.trecip",
    "log": "pto.tlog",
    "abs": "pto.tabs",
    "relu": "pto.trelu",
}
TILE_SCALAR_OPS = {
    "adds": "pto.tadds",
    "subs": "pto.tsubs",
    "muls": "pto.tmuls",
    "divs": "pto.tdivs",
}
COMPARISON_OPS = {
    "cmp": "pto.tcmp",
}
MATMUL_OPS = {
    "matmul": "pto.tmatmul",
    "matmul_acc": "pto.tmatmul.acc",
}
_ACC_M = 64
_ACC_K = 128
_ACC_N = 256
_ASM_M = 32
_ASM_K = 128
_ASM_N = 64


@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        src: pl.Tensor[[16, 16], pl.FP32],
        slope: pl.Tensor[[16, 16], pl.FP32],
        tmp_in: pl.Tensor[[17, 32], pl.UINT8],
        out: pl.Tensor[[16, 16], pl.FP32],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        src_tile: pl.Tile[[16, 16], pl.FP32] = pl.load(src, [0, 0], [16, 16])
        slope_tile: pl.Tile[[16, 16], pl.FP32] = pl.load(slope, [0, 0], [16, 16])
        tmp: pl.Tile[[17, 32], pl.UINT8] = pl.load(tmp_in, [0, 0], [17, 32], valid_shape=[17, 1])
        result: pl.Tile[[16, 16], pl.FP32] = pl.tile.prelu(src_tile, slope_tile, tmp)
        return pl.store(result, [0, 0], out)
