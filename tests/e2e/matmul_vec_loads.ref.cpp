// matmul_vec_loads.py: y = relu(x @ w + bias) @ v.
#include "harness.h"

void e2e::setup(Case &t) { t.tolerance("y", 1e-4, 1e-4, "two products of 64 and 32 terms in FP32"); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &w = t.in("w"), &bias = t.in("bias"), &v = t.in("v");
    Array &y = t.out("y");
    double h[16][32];
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 32; j++) {
            double s = bias(0, j);
            for (uint64_t c = 0; c < 64; c++)
                s += static_cast<double>(x(i, c)) * w(c, j);
            h[i][j] = s > 0 ? static_cast<double>(static_cast<float>(s)) : 0.0;
        }
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 16; j++) {
            double s = 0;
            for (uint64_t c = 0; c < 32; c++)
                s += h[i][c] * v(c, j);
            y(i, j) = s;
        }
}
