// pad_matmul_fp16.py: y[i, j] = sum over k < 128 of x[i, k] * w[k, j],
// z[i, j] the same with v (in double from the stored FP16 inputs).
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("y", 1e-4, 1e-4, "128 FP16 products summed in FP32");
    t.tolerance("z", 1e-4, 1e-4, "128 FP16 products summed in FP32");
}

static void product(const e2e::Array &a, const e2e::Array &b, e2e::Array &c, uint64_t n) {
    for (uint64_t i = 0; i < 4; i++)
        for (uint64_t j = 0; j < n; j++) {
            double s = 0;
            for (uint64_t k = 0; k < 128; k++)
                s += static_cast<double>(a(i, k)) * static_cast<double>(b(k, j));
            c(i, j) = s;
        }
}

void e2e::reference(Case &t) {
    product(t.in("x"), t.in("w"), t.out("y"), 32);
    product(t.in("x"), t.in("v"), t.out("z"), 8);
}
