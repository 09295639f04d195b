# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,simplify,verify,init_memref,memory_reuse,insert_sync,allocate_memory_addr
# Kernels without dependencies get no sync and, having no compound
# statement, no bar_all.
#  fill: the store reads a tile that only a create_tile (no pipe) defined;
#   scalar code takes no part.
#  halves: two stores into one tensor depend on each other (both write
#   it), but on the same pipe other than V and M, which needs nothing.
import pypto.language as pl


@pl.program
class NoDeps:
    @pl.function(type=pl.FunctionType.InCore)
    def fill(self, out: pl.Out[pl.Tensor[[64, 64], pl.FP32]], n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        row: pl.Scalar[pl.INT64] = n * 2
        t = pl.create_tile([16, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        r = pl.store(t, [row, 0], [16, 64], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def halves(self, out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.create_tile([32, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        u = pl.create_tile([32, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        r1 = pl.store(t, [0, 0], [32, 64], out)
        r2 = pl.store(u, [32, 0], [32, 64], r1)
        return r2
