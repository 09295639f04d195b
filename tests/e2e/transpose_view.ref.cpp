// transpose_view.py: c(i, j) = sum_k a(i, k) * b(j, k), FP16 products
// exact in FP32, summed in FP32.
#include "harness.h"

void e2e::setup(Case &t) { t.tolerance("c", 1e-3, 1e-4, "FP32 sums of 64 exact products, in another order"); }

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &c = t.out("c");
    for (uint64_t i = 0; i < c.rows(); i++)
        for (uint64_t j = 0; j < c.cols(); j++) {
            double s = 0.0;
            for (uint64_t k = 0; k < a.cols(); k++)
                s += static_cast<double>(a(i, k)) * static_cast<double>(b(j, k));
            c(i, j) = s;
        }
}
