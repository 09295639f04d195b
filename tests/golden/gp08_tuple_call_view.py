# GP8 of printer.md: tuple unpacking of a call, create_tensor, view, assemble.
@pl.program
class Orch:
    @pl.function(type=pl.FunctionType.InCore)
    def two(self, x: pl.Tensor[[16, 16], pl.FP32], a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        return a, b

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        a: pl.Tensor[[16, 16], pl.FP32] = pl.create_tensor([16, 16], dtype=pl.FP32)
        b: pl.Tensor[[16, 16], pl.FP32] = pl.create_tensor([16, 16], dtype=pl.FP32)
        p, q = self.two(x, a, b)
        s: pl.Tensor[[8, 16], pl.FP32] = pl.view(p, [8, 16], [0, 0])
        u: pl.Tensor[[16, 16], pl.FP32] = pl.assemble(q, s, [8, 0])
        t: pl.Tile[[16, 16], pl.FP32] = pl.block.create_tile([16, 16], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        return u
