# pyptocc-flags: --emit=pto
# SetupKernelPipes derives the cross-core pipe's setup only for a pair that
# sets up nothing: here the Group's cube kernel sets its end up and the
# vector kernel does not, so the vector kernel's pop still needs its own
# initialize_pipe (the user wrote the setup; pyptocc does not guess the
# rest).  The lone vector kernel 'orphan', which no Group pairs and which is
# not the program's only one using the pipe, has no peer to derive a setup
# with.
import pypto.language as pl


@pl.program
class OneSided:
    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, a: pl.Tensor[[16, 16], pl.FP16], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        peer = pl.import_peer_buffer(name="c2v", peer_func="vector")
        pl.aic_initialize_pipe(dir_mask=1, slot_size=1024, c2v_consumer_buf=peer)
        a_mat = pl.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        a_left = pl.move(a_mat, target_memory=pl.MemorySpace.Left)
        a_right = pl.move(a_mat, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(a_left, a_right)
        pl.tpush_to_aiv(acc, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def vector(
        self, a: pl.Tensor[[16, 16], pl.FP16], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        prod: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tpop_from_aic(split=0)
        pl.tfree_to_aic(prod)
        out = pl.store(prod, [0, 0], y)
        return out

    @pl.function(type=pl.FunctionType.AIV)
    def orphan(self, a: pl.Tensor[[16, 16], pl.FP16]):
        t = pl.load(a, [0, 0], [16, 16])
        pl.tpush_to_aic(t, split=0)

    @pl.function(type=pl.FunctionType.Group)
    def group(
        self, a: pl.Tensor[[16, 16], pl.FP16], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        self.cube(a, y)
        out = self.vector(a, y)
        return out
