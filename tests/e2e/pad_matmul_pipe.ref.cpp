// pad_matmul_pipe.py: y[i, j] = 0.5 * sum over k < 128 of x[i, k] * w[k, j]
// (in double from the stored FP16 inputs).
#include "harness.h"

void e2e::setup(Case &t) { t.tolerance("y", 1e-4, 1e-4, "128 FP16 products summed in FP32, halved"); }

void e2e::reference(Case &t) {
    const e2e::Array &x = t.in("x"), &w = t.in("w");
    e2e::Array &y = t.out("y");
    for (uint64_t i = 0; i < 4; i++)
        for (uint64_t j = 0; j < 32; j++) {
            double s = 0;
            for (uint64_t k = 0; k < 128; k++)
                s += static_cast<double>(x(i, k)) * static_cast<double>(w(k, j));
            y(i, j) = 0.5 * s;
        }
}
