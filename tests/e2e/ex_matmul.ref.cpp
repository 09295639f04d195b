// examples/matmul.py: c = a @ b, a 64x256 and b 256x64 FP16, c FP32
// (matmul of the first 64-wide slice of K, matmul_acc of the other three).
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    // The products of two binary16 values are exact in FP32; the error is
    // that of 256 FP32 additions of partial sums of magnitude up to ~10:
    // 256 * 2^-24 * 10 ~ 1.5e-4 in the worst case (typically ~1e-6).
    t.tolerance("c", 2e-4, 1e-5, "256-term FP32 sums");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &c = t.out("c");
    for (uint64_t i = 0; i < c.rows(); i++)
        for (uint64_t j = 0; j < c.cols(); j++) {
            double s = 0;
            for (uint64_t k = 0; k < a.cols(); k++)
                s += a(i, k) * b(k, j);
            c(i, j) = s;
        }
}
