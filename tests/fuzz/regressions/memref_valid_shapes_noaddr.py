# Fuzz finding (10-minute campaign on 8806741): two tiles of one MemRef with
# different valid shapes were one buffer without addresses (--no-addr),
# declared with the first one's v_row: the second store's sizes disagreed.
import pypto.language as pl
import pytest
from pypto import DataType, InternalError, backend, ir, passes, testing
from pypto.backend import BackendType
from pypto.ir.op import tile
from pypto.ir.pass_manager import OptimizationStrategy, PassManager
_LOAD_LIKE_OPS = frozenset({ir.get_op("tile.load").name, ir.get_op("tile.read").name})


@pl.program
class Expected:
    @pl.function
    def main(
        self,
        input_a: pl.Tensor[[64, 64], pl.FP32, pl.MemRef("mem_ddr_0", 0, 16384)],
        output_a: pl.Out[pl.Tensor[[64, 64], pl.FP32, pl.MemRef("mem_ddr_1", 0, 16384)]],
        output_b: pl.Out[pl.Tensor[[64, 64], pl.FP32, pl.MemRef("mem_ddr_2", 0, 16384)]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        mem_vec_3: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 16384)
        tile_a: pl.Tile[
            [64, 64],
            pl.FP32,
            pl.MemRef(mem_vec_3, 0, 16384),
            pl.Mem.Vec,
            pl.TileView(valid_shape=[48, 64]),
        ] = pl.tile.load(input_a, [0, 0], [64, 64], [48, 64], target_memory=pl.Mem.Vec)
        _res_a: pl.Tensor[[64, 64], pl.FP32, pl.MemRef("mem_ddr_1", 0, 16384)] = pl.tile.store(
            tile_a, [0, 0], output_a
        )
        tile_b: pl.Tile[
            [64, 64],
            pl.FP32,
            pl.MemRef(mem_vec_3, 0, 16384),
            pl.Mem.Vec,
            pl.TileView(valid_shape=[32, 64]),
        ] = pl.tile.load(input_a, [0, 0], [64, 64], [32, 64], target_memory=pl.Mem.Vec)
        result: pl.Tensor[[64, 64], pl.FP32, pl.MemRef("mem_ddr_2", 0, 16384)] = pl.tile.store(
            tile_b, [0, 0], output_b
        )
        return result
