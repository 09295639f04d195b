// mixed_matmul_softmax.py: y = softmax_rows(a @ b), a and b FP16, y FP32.
#include "harness.h"

#include <cmath>

void e2e::setup(Case &t) {
    t.tolerance("y", 1e-5, 1e-4, "32 products of FP16 operands summed in FP32, then exp and a row sum");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &y = t.out("y");
    for (uint64_t i = 0; i < y.rows(); i++) {
        double s[64], mx = -INFINITY, z = 0;
        for (uint64_t j = 0; j < 64; j++) {
            s[j] = 0;
            for (uint64_t k = 0; k < 32; k++)
                s[j] += static_cast<double>(a(i, k)) * b(k, j);
            mx = std::fmax(mx, s[j]);
        }
        for (uint64_t j = 0; j < 64; j++)
            z += std::exp(s[j] - mx);
        for (uint64_t j = 0; j < 64; j++)
            y(i, j) = std::exp(s[j] - mx) / z;
    }
}
