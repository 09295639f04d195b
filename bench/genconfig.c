/* genconfig.c: writes a configuration-heavy PyPTO module for benchmarks
 * of the compile-time evaluator (sema/eval/).
 *
 *   bench/genconfig LINES      about LINES lines, on stdout
 *
 * The module is what model configuration code looks like, over and over:
 * frozen dataclasses with defaults and computed @property fields, methods
 * with loops, IntEnum classes, dict and list comprehensions, f-strings,
 * helper functions with keyword-only parameters and while loops, math,
 * asserts, and a running total that a kernel at the end uses as a shape,
 * so that every block's values are needed.  Output is deterministic. */
#include <stdio.h>
#include <stdlib.h>

static const char header[] =
    "# A configuration-heavy module (bench/genconfig.c).\n"
    "import math\n"
    "from dataclasses import dataclass, field\n"
    "from enum import IntEnum, auto\n"
    "\n"
    "import pypto.language as pl\n"
    "\n"
    "\n"
    "def ceil_div(a: int, b: int) -> int:\n"
    "    return (a + b - 1) // b\n"
    "\n"
    "\n"
    "ACC = 0\n";

/* One block: about BLOCK_LINES lines. */
enum { BLOCK_LINES = 48 };

static void block(unsigned i)
{
    unsigned heads = 4u << (i % 4), hidden = heads * (64u + 32u * (i % 3));
    printf("\n\n@dataclass(frozen=True)\n");
    printf("class Layer%u:\n", i);
    printf("    hidden: int = %u\n", hidden);
    printf("    heads: int = %u\n", heads);
    printf("    ratio: float = %u.%u\n", 2 + i % 3, 5 * (i % 2));
    printf("    tiles: tuple = (16, 32, 64)\n");
    printf("    names: list = field(default_factory=lambda: [\"q\", \"k\", \"v\"])\n\n");
    printf("    @property\n");
    printf("    def head_dim(self) -> int:\n");
    printf("        return self.hidden // self.heads\n\n");
    printf("    @property\n");
    printf("    def inter(self) -> int:\n");
    printf("        return ceil_div(int(self.hidden * self.ratio), 64) * 64\n\n");
    printf("    def tile_for(self, n: int) -> int:\n");
    printf("        for t in sorted(self.tiles, reverse=True):\n");
    printf("            if n %% t == 0:\n");
    printf("                return t\n");
    printf("        return 1\n\n\n");
    printf("class Mode%u(IntEnum):\n", i);
    printf("    PREFILL = %u\n", i + 1);
    printf("    DECODE = auto()\n\n\n");
    printf("L%u = Layer%u()\n", i, i);
    printf("SHAPES_%u = {f\"w{k}\": (L%u.hidden, L%u.inter // (k + 1)) for k in range(4)}\n", i, i, i);
    printf("TILES_%u = [L%u.tile_for(v[1]) for v in SHAPES_%u.values()]\n", i, i, i);
    printf("NAME_%u = f\"layer%u_{L%u.head_dim}x{L%u.heads}_{'-'.join(L%u.names)}\"\n", i, i, i, i, i);
    printf("TOTAL_%u = sum(a * b for a, b in SHAPES_%u.values()) + math.prod(L%u.tiles)\n\n\n", i, i, i);
    printf("def plan_%u(batch: int = 4, *, extra: int = 0) -> dict:\n", i);
    printf("    out = {}\n");
    printf("    n = batch\n");
    printf("    while n < L%u.hidden:\n", i);
    printf("        n *= 2\n");
    printf("        out[n] = min(n, L%u.inter) // TILES_%u[0]\n", i, i);
    printf("    return {k: v + extra for k, v in out.items() if v}\n\n\n");
    printf("PLAN_%u = plan_%u(extra=%u)\n", i, i, i % 3);
    printf("assert NAME_%u.startswith(\"layer\") and TOTAL_%u > 0 and Mode%u.DECODE == %u\n", i, i, i, i + 2);
    printf("ACC = (ACC + len(PLAN_%u) + max(PLAN_%u.values()) %% 7 + int(math.log2(L%u.heads))) %% 997\n", i, i, i);
}

int main(int argc, char **argv)
{
    long lines = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
    unsigned n = lines > BLOCK_LINES ? (unsigned)((lines - 30) / BLOCK_LINES) : 1;
    fputs(header, stdout);
    for (unsigned i = 0; i < n; i++)
        block(i);
    printf("\n\nROWS = ACC %% 64 + 16\n\n\n");
    printf("@pl.function\n");
    printf("def kernel(x: pl.Tensor[[ROWS, 64], pl.FP32]) -> pl.Tensor[[ROWS, 64], pl.FP32]:\n");
    printf("    return x\n");
    return 0;
}
