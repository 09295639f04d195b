# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# GP7 after the memory passes (passes.md 5.8): in main_incore_0 the ids are
# a_0 0, b_0 1, out_0 2, ta_0 3, tb_0 4, _t0 5, tc_0 6; tc_0 reuses
# mem_vec_3 (ta_0 is last used by the add that defines _t0), so mem_vec_6
# is deleted and the allocs are mem_vec_3 at 0, mem_vec_4 at 16384,
# mem_vec_5 at 32768.  main gets DDR MemRefs 0-2 for its parameters and 3
# for r_0.
import pypto.language as pl

@pl.program
class IncoreProg:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32],
             out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.incore():
            ta: pl.Tile[[64, 64], pl.FP32] = pl.block.load(a, [0, 0], [64, 64])
            tb: pl.Tile[[64, 64], pl.FP32] = pl.block.load(b, [0, 0], [64, 64])
            tc: pl.Tile[[64, 64], pl.FP32] = pl.block.muls(pl.block.add(ta, tb), 2.0)
            r: pl.Tensor[[64, 64], pl.FP32] = pl.block.store(tc, [0, 0], [64, 64], out)
        return r
