// mixed_bias_exp.py: y[i, j] = exp(bias[j] + sum over k < 32 of a[i, k] * b[k, j]).
#include "harness.h"

#include <cmath>

void e2e::setup(Case &t) {
    t.tolerance("y", 1e-5, 1e-4, "32 FP16 products summed in FP32, plus the bias, then exp");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b"), &bias = t.in("bias");
    Array &y = t.out("y");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 32; j++) {
            double s = bias(0, j);
            for (uint64_t k = 0; k < 32; k++)
                s += static_cast<double>(a(i, k)) * static_cast<double>(b(k, j));
            y(i, j) = std::exp(s);
        }
}
