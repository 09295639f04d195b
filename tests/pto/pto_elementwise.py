# pyptocc-flags: --no-passes
# Tile-tile elementwise ops (ops.md 5.2, pto-mlir.md 6.2): the binary ops,
# the three-operand addc/subc, xor and prelu with their IR tmp tile (prelu's
# is a UINT8 mask one row taller than the result: PTOAS 0.60 wants a u8 tmp
# of at least dst rows + 1 rows on A2/A3), and the unary ops (ops.md 5.4).
# One module, one func.func per kernel, in name order.
import pypto.language as pl


@pl.program
class Elementwise:
    @pl.function(type=pl.FunctionType.InCore)
    def float_ops(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], b_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)], c_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 2)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 3)], m_0: pl.Tensor[[16, 64], pl.UINT8, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 1024, 4)]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 5)
        mem_vec_6: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 4096, 6)
        mem_vec_7: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8192, 4096, 7)
        mem_vec_8: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 82944, 1088, 8)
        mem_vec_9: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 13312, 4096, 9)
        mem_vec_10: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 17408, 4096, 10)
        mem_vec_11: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 21504, 4096, 11)
        mem_vec_12: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 25600, 4096, 12)
        mem_vec_13: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 29696, 4096, 13)
        mem_vec_14: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 33792, 4096, 14)
        mem_vec_15: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 37888, 4096, 15)
        mem_vec_16: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 41984, 4096, 16)
        mem_vec_17: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 46080, 4096, 17)
        mem_vec_18: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 50176, 4096, 18)
        mem_vec_19: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 54272, 4096, 19)
        mem_vec_20: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 58368, 4096, 20)
        mem_vec_21: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 62464, 4096, 21)
        mem_vec_22: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 66560, 4096, 22)
        mem_vec_23: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 70656, 4096, 23)
        mem_vec_24: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 74752, 4096, 24)
        mem_vec_25: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 78848, 4096, 25)
        ta_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_5] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        tb_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_6] = pl.block.load(b_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        tc_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_7] = pl.block.load(c_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        tmp_0: pl.Tile[[17, 64], pl.UINT8, memref=mem_vec_8] = pl.block.create_tile([17, 64], dtype=pl.UINT8, target_memory=pl.MemorySpace.Vec)
        add_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_9] = pl.block.add(ta_0, tb_0)
        sub_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_10] = pl.block.sub(add_0, tb_0)
        mul_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_11] = pl.block.mul(sub_0, tc_0)
        div_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_12] = pl.block.div(mul_0, tc_0)
        max_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_13] = pl.block.maximum(div_0, ta_0)
        min_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_14] = pl.block.minimum(max_0, tb_0)
        addc_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_15] = pl.block.addc(min_0, ta_0, tb_0)
        subc_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_16] = pl.block.subc(addc_0, ta_0, tc_0)
        prelu_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_17] = pl.block.prelu(subc_0, tb_0, tmp_0)
        exp_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_18] = pl.block.exp(prelu_0)
        neg_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_19] = pl.block.neg(exp_0)
        log_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_20] = pl.block.log(neg_0)
        sqrt_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_21] = pl.block.sqrt(log_0)
        rsqrt_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_22] = pl.block.rsqrt(sqrt_0)
        recip_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_23] = pl.block.recip(rsqrt_0)
        abs_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_24] = pl.block.abs(recip_0)
        relu_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_25] = pl.block.relu(abs_0)
        r_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 3)] = pl.block.store(relu_0, [0, 0], [16, 64], out_0)
        return r_0

    @pl.function(type=pl.FunctionType.InCore)
    def int_ops(self, a_0: pl.Tensor[[16, 64], pl.INT16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 2048, 0)], b_0: pl.Tensor[[16, 64], pl.INT16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 2048, 1)], out_0: pl.Tensor[[16, 64], pl.INT16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 2048, 2)]) -> pl.Tensor[[16, 64], pl.INT16]:
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 2048, 3)
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 2048, 2048, 4)
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 2048, 5)
        mem_vec_6: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 6144, 2048, 6)
        mem_vec_7: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8192, 2048, 7)
        mem_vec_8: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 10240, 2048, 8)
        mem_vec_9: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 12288, 2048, 9)
        mem_vec_10: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 14336, 2048, 10)
        mem_vec_11: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 16384, 2048, 11)
        ta_0: pl.Tile[[16, 64], pl.INT16, memref=mem_vec_3] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        tb_0: pl.Tile[[16, 64], pl.INT16, memref=mem_vec_4] = pl.block.load(b_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        tmp_0: pl.Tile[[16, 64], pl.INT16, memref=mem_vec_5] = pl.block.create_tile([16, 64], dtype=pl.INT16, target_memory=pl.MemorySpace.Vec)
        and_0: pl.Tile[[16, 64], pl.INT16, memref=mem_vec_6] = pl.block.and_(ta_0, tb_0)
        or_0: pl.Tile[[16, 64], pl.INT16, memref=mem_vec_7] = pl.block.or_(and_0, tb_0)
        shl_0: pl.Tile[[16, 64], pl.INT16, memref=mem_vec_8] = pl.block.shl(or_0, tb_0)
        shr_0: pl.Tile[[16, 64], pl.INT16, memref=mem_vec_9] = pl.block.shr(shl_0, tb_0)
        xor_0: pl.Tile[[16, 64], pl.INT16, memref=mem_vec_10] = pl.block.xor(shr_0, ta_0, tmp_0)
        not_0: pl.Tile[[16, 64], pl.INT16, memref=mem_vec_11] = pl.block.not_(xor_0)
        r_0: pl.Tensor[[16, 64], pl.INT16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 2048, 2)] = pl.block.store(not_0, [0, 0], [16, 64], out_0)
        return r_0
