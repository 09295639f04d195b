/* gen.c: writes a large, realistic PyPTO program for benchmarks.
 *
 *   bench/gen SIZE [SEED]      SIZE in bytes (suffixes k, m), on stdout
 *
 * The program is one @pl.program class of many functions drawn from a few
 * templates that together use every construct the front end elaborates:
 * tile loads/stores, elementwise and scalar-broadcast ops, row reductions
 * with tmp tiles, unary ops, matmul with a K loop over Mat/Left/Right/Acc
 * tiles, SSA loops with iter_args, ifs that yield, scalar arithmetic and
 * orchestration functions that call kernels on tensor views in a loop, and
 * natural (re-assigning) code with nested calls and 'with pl.incore():'
 * scopes for the passes (ConvertToSSA, FlattenCallExpr, outlining).
 * Output is deterministic for a given size and seed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state = 88172645463325252ULL;

static unsigned rnd(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

static uint64_t written;

static void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#include <stdarg.h>
static void out(const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vprintf(fmt, ap);
    va_end(ap);
    if (n > 0)
        written += (uint64_t)n;
}

static const unsigned sizes[] = {16, 32, 64, 128};

static void elementwise(unsigned id)
{
    unsigned r = sizes[rnd(4)], c = sizes[1 + rnd(3)];
    const char *ops[] = {"pl.add", "pl.sub", "pl.mul", "pl.maximum"};
    out("    @pl.function(type=pl.FunctionType.InCore)\n");
    out("    def ew_%u(self, a: pl.Tensor[[%u, %u], pl.FP32], b: pl.Tensor[[%u, %u], pl.FP32],\n", id, r, c, r, c);
    out("              out: pl.Out[pl.Tensor[[%u, %u], pl.FP32]]) -> pl.Tensor[[%u, %u], pl.FP32]:\n", r, c, r, c);
    out("        ta: pl.Tile[[%u, %u], pl.FP32] = pl.load(a, [0, 0], [%u, %u])\n", r, c, r, c);
    out("        tb: pl.Tile[[%u, %u], pl.FP32] = pl.load(b, [0, 0], [%u, %u])\n", r, c, r, c);
    out("        t0 = %s(ta, tb)\n", ops[rnd(4)]);
    out("        t1 = pl.mul(t0, %u.5)\n", rnd(9));
    out("        t2 = pl.exp(t1)\n");
    out("        t3 = %s(t2, ta)\n", ops[rnd(4)]);
    out("        t4 = pl.adds(t3, %u)\n", rnd(100));
    out("        result = pl.store(t4, [0, 0], [%u, %u], out)\n", r, c);
    out("        return result\n\n");
}

static void softmax(unsigned id)
{
    unsigned r = sizes[rnd(4)], c = sizes[1 + rnd(3)];
    out("    @pl.function(type=pl.FunctionType.InCore)\n");
    out("    def softmax_%u(self, x: pl.Tensor[[%u, %u], pl.FP32], y: pl.Out[pl.Tensor[[%u, %u], pl.FP32]]) -> "
        "pl.Tensor[[%u, %u], pl.FP32]:\n", id, r, c, r, c, r, c);
    out("        tile = pl.load(x, [0, 0], [%u, %u])\n", r, c);
    out("        max_tmp = pl.create_tile([%u, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)\n", r);
    out("        row_max: pl.Tile[[%u, 1], pl.FP32] = pl.row_max(tile, max_tmp)\n", r);
    out("        shifted = pl.row_expand_sub(tile, row_max)\n");
    out("        exps = pl.exp(shifted)\n");
    out("        sum_tmp = pl.create_tile([%u, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)\n", r);
    out("        row_sum: pl.Tile[[%u, 1], pl.FP32] = pl.row_sum(exps, sum_tmp)\n", r);
    out("        result = pl.row_expand_div(exps, row_sum)\n");
    out("        out = pl.store(result, [0, 0], [%u, %u], y)\n", r, c);
    out("        return out\n\n");
}

static void matmul(unsigned id)
{
    unsigned k = 2 + rnd(3);
    out("    @pl.function(type=pl.FunctionType.InCore)\n");
    out("    def mm_%u(self, a: pl.Tensor[[64, %u], pl.FP16], b: pl.Tensor[[%u, 64], pl.FP16],\n", id, 64 * k, 64 * k);
    out("              c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:\n");
    out("        a_l1 = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)\n");
    out("        b_l1 = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)\n");
    out("        a_l0 = pl.move(a_l1, target_memory=pl.MemorySpace.Left)\n");
    out("        b_l0 = pl.move(b_l1, target_memory=pl.MemorySpace.Right)\n");
    out("        first = pl.matmul(a_l0, b_l0)\n");
    out("        for kk, (acc,) in pl.range(1, %u, init_values=(first,)):\n", k);
    out("            ak = pl.move(pl.load(a, [0, kk * 64], [64, 64], target_memory=pl.MemorySpace.Mat), "
        "target_memory=pl.MemorySpace.Left)\n");
    out("            bk = pl.move(pl.load(b, [kk * 64, 0], [64, 64], target_memory=pl.MemorySpace.Mat), "
        "target_memory=pl.MemorySpace.Right)\n");
    out("            acc = pl.yield_(pl.matmul_acc(acc, ak, bk))\n");
    out("        result = pl.l0c_store(acc, [0, 0], [64, 64], c)\n");
    out("        return result\n\n");
}

static void scalar(unsigned id)
{
    out("    @pl.function\n");
    out("    def scalar_%u(self, n: pl.Scalar[pl.INT64], m: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT64]:\n", id);
    out("        total: pl.Scalar[pl.INT64] = %u\n", rnd(10));
    out("        for i, (acc,) in pl.range(n, init_values=(total,)):\n");
    out("            if (i + m) %% %u == 0:\n", 2 + rnd(5));
    out("                nxt = pl.yield_(acc + i * %u)\n", 1 + rnd(7));
    out("            else:\n");
    out("                nxt = pl.yield_(max(acc - 1, 0))\n");
    out("            acc = pl.yield_(nxt)\n");
    out("        scaled = acc * 3 // 2 + (n << 1)\n");
    out("        return scaled\n\n");
}

static void natural(unsigned id)
{
    out("    @pl.function\n");
    out("    def natural_%u(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32], "
        "n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:\n", id);
    out("        s = %u\n", rnd(10));
    out("        for i in pl.range(n):\n");
    out("            if i %% %u == 0:\n", 2 + rnd(5));
    out("                s = s + i * %u\n", 1 + rnd(7));
    out("            else:\n");
    out("                s = max(s - 1, 0)\n");
    out("        with pl.incore():\n");
    out("            t = pl.load(a, [0, 0], [64, 64])\n");
    out("            u = pl.muls(pl.add(t, pl.exp(t)), %u.5)\n", rnd(4));
    out("            out = pl.store(u, [0, 0], [64, 64], out)\n");
    out("        return out\n\n");
}

static void orchestration(unsigned id, unsigned kernel)
{
    out("    @pl.function(type=pl.FunctionType.Orchestration)\n");
    out("    def orch_%u(self, x: pl.Tensor[[256, 64], pl.FP32], y: pl.Out[pl.Tensor[[256, 64], pl.FP32]]) -> "
        "pl.Tensor[[256, 64], pl.FP32]:\n", id);
    out("        tmp = pl.create_tensor([256, 64], dtype=pl.FP32)\n");
    out("        for i in pl.range(0, 256, 64):\n");
    out("            xi = pl.view(x, [64, 64], [i, 0])\n");
    out("            ti = pl.view(tmp, [64, 64], [i, 0])\n");
    out("            yi = pl.view(y, [64, 64], [i, 0])\n");
    out("            ti_done = self.kernel_%u(xi, ti)\n", kernel);
    out("            yi_done = self.kernel_%u(ti_done, yi)\n", kernel);
    out("        return y\n\n");
}

static void relu_kernel(unsigned id)
{
    out("    @pl.function(type=pl.FunctionType.InCore)\n");
    out("    def kernel_%u(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> "
        "pl.Tensor[[64, 64], pl.FP32]:\n", id);
    out("        t = pl.load(x, [0, 0], [64, 64])\n");
    out("        r = pl.relu(pl.muls(t, 0.5))\n");
    out("        result = pl.store(r, [0, 0], [64, 64], out)\n");
    out("        return result\n\n");
}

int main(int argc, char **argv)
{
    uint64_t target;
    char *end;
    unsigned id = 0;
    if (argc < 2) {
        fprintf(stderr, "usage: gen SIZE[k|m] [SEED]\n");
        return 2;
    }
    target = strtoull(argv[1], &end, 10);
    if (*end == 'k' || *end == 'K')
        target <<= 10;
    else if (*end == 'm' || *end == 'M')
        target <<= 20;
    if (argc > 2)
        rng_state ^= strtoull(argv[2], NULL, 10) * 0x9e3779b97f4a7c15ULL + 1;
    out("# pypto.program: Bench\n");
    out("# Generated by bench/gen for pyptocc benchmarks.\n");
    out("import pypto.language as pl\n\nSCALE = 2\nBLOCK = [64, 64]\n\n\n@pl.program\nclass Bench:\n");
    while (written < target) {
        unsigned k = id++;
        switch (rnd(7)) {
        case 0: elementwise(k); break;
        case 1: softmax(k); break;
        case 2: matmul(k); break;
        case 3: scalar(k); break;
        case 4: natural(k); break;
        default:
            relu_kernel(k);
            orchestration(k, k);
            break;
        }
    }
    return fflush(stdout) == 0 ? 0 : 1;
}
