// tensor_atomic.py: y += the sum over k of 2 * a[:, 64k : 64k + 64]; z +=
// w @ v, then += w2 @ v2 (FP16 products: pl.matmul keeps its operands' type).
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("y", 1e-5, 1e-5, "four FP32 adds");
    t.tolerance("z", 1e-3, 1e-3, "two products rounded to FP16 (pl.matmul's result type), from FP32 sums in another order");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &w = t.in("w"), &v = t.in("v"), &w2 = t.in("w2"), &v2 = t.in("v2");
    const Array &y0 = t.in("y"), &z0 = t.in("z");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t i = 0; i < 16; i++) {
        for (uint64_t j = 0; j < 64; j++) {
            float s = static_cast<float>(y0(i, j));
            for (uint64_t k = 0; k < 4; k++)
                s += 2.0f * static_cast<float>(a(i, k * 64 + j));
            y(i, j) = s;
        }
        for (uint64_t j = 0; j < 32; j++) {
            double s = 0, s2 = 0;
            for (uint64_t k = 0; k < 32; k++) {
                s += w(i, k) * v(k, j);
                s2 += w2(i, k) * v2(k, j);
            }
            z(i, j) = e2e::to_f32(e2e::to_f32(z0(i, j) + e2e::to_f16(s)) + e2e::to_f16(s2));
        }
    }
}
