// matmul_kloop.py: c = a @ b (BF16, K 192), ci = ai @ bi (INT8, K 128,
// exact), cf = af @ bf (FP32, K 32).
#include "harness.h"

void e2e::setup(Case &t) {
    // BF16 products are exact in FP32; FP32 products round once.  The error
    // is that of K FP32 additions of partial sums of magnitude up to ~K/4:
    // K * 2^-24 * K/4, about 5.5e-4 for K = 192 and 1.5e-5 for K = 32 in the
    // worst case (typically far less).
    t.tolerance("c", 6e-4, 1e-5, "192-term FP32 sums");
    t.tolerance("cf", 2e-5, 1e-5, "32-term FP32 sums of rounded products");
}

static void matmul(const e2e::Array &a, const e2e::Array &b, e2e::Array &c) {
    for (uint64_t i = 0; i < c.rows(); i++)
        for (uint64_t j = 0; j < c.cols(); j++) {
            double s = 0;
            for (uint64_t k = 0; k < a.cols(); k++)
                s += a(i, k) * b(k, j);
            c(i, j) = s;
        }
}

void e2e::reference(Case &t) {
    matmul(t.in("a"), t.in("b"), t.out("c"));
    matmul(t.in("ai"), t.in("bi"), t.out("ci"));
    matmul(t.in("af"), t.in("bf"), t.out("cf"));
}
