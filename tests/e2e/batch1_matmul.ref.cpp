// batch1_matmul.py: y[i, j] = sum over k of x[i, k] * w[1, j, k];
// z[1, i, j] = y[i, j] + 1, z[0] and z[2] zeros; u[i, 32 + j] = y[i, j].
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("y", 1e-4, 1e-4, "128 products summed in FP32");
    t.tolerance("z", 1e-4, 1e-4, "128 products summed in FP32, plus one");
    t.tolerance("u", 1e-4, 1e-4, "128 products summed in FP32");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &w = t.in("w");
    Array &y = t.out("y"), &z = t.out("z"), &u = t.out("u");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 32; j++) {
            double s = 0;
            for (uint64_t k = 0; k < 128; k++)
                s += static_cast<double>(x(i, k)) * w[(32 + j) * 128 + k];   // w[1, j, k]
            y(i, j) = s;
            z[(16 + i) * 32 + j] = s + 1.0;   // z[1, i, j]
            u(i, 32 + j) = s;
        }
}
