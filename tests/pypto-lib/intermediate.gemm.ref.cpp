// pypto-lib examples/intermediate/gemm.py: c = a b, K reduced by pl.matmul_acc.
#include "harness.h"

void e2e::setup(Case &t) { t.tolerance("c", 1e-4, 1e-5, "FP32 sums of 256 products, in another order"); }

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &c = t.out("c");
    for (uint64_t i = 0; i < a.rows(); i++)
        for (uint64_t j = 0; j < b.cols(); j++) {
            double s = 0;
            for (uint64_t k = 0; k < a.cols(); k++)
                s += a(i, k) * b(k, j);
            c(i, j) = s;
        }
}
