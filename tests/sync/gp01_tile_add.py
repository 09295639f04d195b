# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,simplify,verify,init_memref,memory_reuse,insert_sync,allocate_memory_addr
# GP1 (passes.md 5.8 "With InsertSync", byte for byte): the pair from the
# first load to the add is dropped (rule 4: the second load's pair lies
# inside it), leaving MTE2->V after the second load and V->MTE3 before
# the store, each event id 0.
import pypto.language as pl

@pl.program
class BlockExample:
    @pl.function
    def tile_add(self, input_a: pl.Tensor[[64, 64], pl.FP32], input_b: pl.Tensor[[64, 64], pl.FP32],
                 output: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        tile_a: pl.Tile[[64, 64], pl.FP32] = pl.load(input_a, [0, 0], [64, 64])
        tile_b: pl.Tile[[64, 64], pl.FP32] = pl.load(input_b, [0, 0], [64, 64])
        tile_c: pl.Tile[[64, 64], pl.FP32] = pl.add(tile_a, tile_b)
        result: pl.Tensor[[64, 64], pl.FP32] = pl.store(tile_c, [0, 0], [64, 64], output)
        return result
