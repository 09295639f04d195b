// matmul_bias.py: y[i, j] = bias[j] + sum over k < 64 of a[i, k] * b[k, j];
// z[i, j] = bias[j] + sum over k < 32 of a[i, k] * b[k, j].
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("y", 1e-4, 1e-4, "64 FP16 products summed in FP32, plus the bias");
    t.tolerance("z", 1e-4, 1e-4, "32 FP16 products summed in FP32, plus the bias");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b"), &bias = t.in("bias");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 32; j++) {
            double s = 0;
            for (uint64_t k = 0; k < 64; k++) {
                s += static_cast<double>(a(i, k)) * static_cast<double>(b(k, j));
                if (k == 31)
                    z(i, j) = s + bias(0, j);
            }
            y(i, j) = s + bias(0, j);
        }
}
